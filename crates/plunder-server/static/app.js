// @ts-check
// Plunder's browser client: plain JavaScript modules, no build step. The lobby (lobby.js) at `/`, a table
// (table.js) at `/play/ID`. Any game is drawn from the viewer's view and its labelled legal actions (view.js,
// moves.js), so a new game is playable as soon as the server knows it; a game with a renderer (games/GAME.js) is
// also drawn as its own board. The socket's message types come from messages.d.ts, generated from the server's
// Rust types; `tsc --checkJs` checks the client against them (crates/plunder-server/e2e/run.sh).

import { el } from "./kit.js";
import { lobby, remember, myGames } from "./lobby.js";
import { play } from "./table.js";

const main = /** @type {HTMLElement} */ (document.getElementById("main"));
const match = location.pathname.match(/^\/play\/([0-9a-f]+)$/);
if (match) {
  // A seat's link opened here is kept under the lobby's My games.
  const seated = /(^|[#&])(token|seats)=/;
  if (seated.test(location.hash)) remember(match[1], location.pathname + location.hash);
  else {
    // The address lost its seat (a reload after a link changed the fragment, a bookmark without it): this
    // browser's seat in the game, kept under My games, is taken again rather than watching as a spectator.
    const kept = myGames().find((g) => g.id === match[1] && seated.test(g.link.split("#")[1] || ""));
    if (kept) history.replaceState(null, "", kept.link);
  }
  play(main, match[1]);
} else lobby(main).catch((e) => main.replaceChildren(el("p", { class: "error" }, e.message)));
