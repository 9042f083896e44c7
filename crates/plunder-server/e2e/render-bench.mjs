// How long the table page takes to apply one server message, in headless Chromium: every game at its largest
// table, all seats bots, watched as a spectator while the bots play (a message after each move). The page
// measures each update itself (`plunder-update` in its performance timeline); this prints, per game, the
// updates seen and their median, 95th percentile and longest time. A benchmark, not a test: it asserts nothing.
// Usage: node render-bench.mjs PATH/TO/plunder [UPDATES]   (numbers for BENCHMARKS.md)
import { chromium } from "playwright-core";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import net from "node:net";

const [plunder, updatesArg] = process.argv.slice(2);
const UPDATES = Number(updatesArg || 300);
const PORT = 18435;
const base = `http://127.0.0.1:${PORT}`;
const dir = mkdtempSync(join(tmpdir(), "plunder-render-"));
const server = spawn(plunder, ["serve", "--port", String(PORT), "--database", `sqlite://${join(dir, "games.db")}`, "--bot-delay-ms", "40"], { stdio: "ignore" });
const answers = () => new Promise((resolve) => {
  const socket = net.connect(PORT, "127.0.0.1", () => { socket.destroy(); resolve(true); });
  socket.on("error", () => resolve(false));
});
for (let i = 0; i < 100 && !(await answers()); i += 1) await new Promise((r) => setTimeout(r, 100));

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || "/usr/bin/chromium", args: ["--no-sandbox"] });
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
try {
  const catalog = await (await fetch(`${base}/api/catalog`)).json();
  console.log(`| game | seats | updates | median ms | p95 ms | longest ms |`);
  console.log(`|---|---|---|---|---|---|`);
  for (const game of catalog.games) {
    const players = Math.min(game.max_players, 8);
    const bot = game.bots[0].name;
    const response = await fetch(`${base}/api/games`, {
      method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify({ game: game.id, seats: Array(players).fill(bot), ...(game.id === "liars-dice" ? { options: { dice: 5, length: "to_last_die" } } : {}) }),
    });
    const created = await response.json();
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await page.goto(`${base}${created.spectate}`);
    await page.waitForSelector("#view[data-version]");
    const deadline = Date.now() + 60000;
    let durations = [];
    while (Date.now() < deadline) {
      durations = await page.evaluate(() => performance.getEntriesByName("plunder-update").map((e) => e.duration));
      if (durations.length >= UPDATES || ((await page.textContent("#status")) || "").startsWith("Game over")) break;
      await page.waitForTimeout(250);
    }
    const sorted = [...durations].sort((a, b) => a - b);
    const ms = (x) => x.toFixed(1);
    console.log(`| ${game.name} | ${players} | ${sorted.length} | ${ms(quantile(sorted, 0.5))} | ${ms(quantile(sorted, 0.95))} | ${ms(sorted[sorted.length - 1])} |`);
    await page.context().close();
  }
} finally {
  await browser.close();
  server.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
}
