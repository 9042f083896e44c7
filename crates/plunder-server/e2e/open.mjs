// Open tables in real headless Chromium: page A opens the lobby's Custom table with seat 2 open and creates
// the game (its answer shows no link for seat 2); page B, another browser with the lobby already open, sees the
// table under "Open tables" within the 10 s refresh, presses "Take seat P2", and gets the table as seat 2, its
// link kept under My games. The seat is then no longer listed, and a second take is refused (409). A's table
// gives the seats uneven dice (Advanced JSON): B's list and table say so as a house rule. Then A opens a Scallywager
// table with a Treasure deck of its own: B's list marks its custom content, and at the table B reads the deck.
// Any console or page error fails the run.
// Usage: node open.mjs BASE_URL
import { chromium } from "playwright-core";

const [base] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || "/usr/bin/chromium", args: ["--no-sandbox"] });
const fail = async (message) => { console.error(`FAIL: ${message}`); await browser.close(); process.exit(1); };
const problems = [];
const watch = (page, name) => {
  page.on("console", (m) => { if (m.type() === "error") problems.push(`${name} console: ${m.text()} (${page.url()})`); });
  page.on("pageerror", (e) => problems.push(`${name} page error: ${e.message} (${page.url()})`));
};

// Opens a folded section as a person does, by its summary, unless it is open already.
const unfold = async (page, details) => { if (!(await page.$eval(details, (d) => d.open))) await page.click(`${details} > summary`); };
const a = await (await browser.newContext()).newPage();
const b = await (await browser.newContext()).newPage();
watch(a, "A");
watch(b, "B");
// B's lobby is open before the table exists: the open tables are asked for again every 10 s.
await b.goto(base);
await b.waitForSelector("#open-tables-list", { timeout: 10000 }).catch(() => fail("B: the lobby has no Open tables"));

await a.goto(`${base}/#custom`);
await a.waitForSelector("#custom select.seat", { timeout: 10000 }).catch(() => fail("A: no custom table form"));
await a.selectOption("#game", "liars-dice");
// Seat 2 is made open first: growing the table afterwards keeps it.
await a.locator("#custom select.seat").nth(1).selectOption("open");
await a.fill("#players", "3");
await a.press("#players", "Tab"); // its change event redraws the seats
const seats = a.locator("#custom select.seat");
if ((await seats.nth(1).inputValue()) !== "open") await fail("A: changing Players reset the seat already chosen");
if ((await seats.count()) !== 3) await fail(`A: ${await seats.count()} seat fields for 3 players`);
const offered = await seats.nth(1).locator("option").allTextContents();
if (!offered.includes("open (anyone may take it)")) await fail(`A: the seat kinds offer no open seat: ${offered}`);
await seats.nth(0).selectOption("human");
await seats.nth(1).selectOption("open");
await unfold(a, "#custom details.custom-options");
await unfold(a, "#custom details.advanced");
await a.fill("#custom textarea.advanced", '{"dice": [5, 3, 1]}');
await a.click("#create");
await a.waitForSelector("#created-links .open-seats", { timeout: 10000 }).catch(async () => fail(`A: the created game names no open seat: ${await a.textContent("#created")}`));
const joins = await a.$$eval("#created-links a.join", (links) => links.map((l) => l.getAttribute("href")));
if (joins.length !== 1 || !joins[0].includes("#seat=0&")) await fail(`A: join links other than seat 1's: ${joins}`);
const id = joins[0].match(/^\/play\/([0-9a-f]+)#/)[1];
console.log(`ok: A created ${id} with seat 2 open, and got only seat 1's link`);

const row = `#open-tables li.open-table[data-game="${id}"]`;
await b.waitForSelector(row, { timeout: 15000 }).catch(() => fail("B: the new table is not under Open tables after 15 s"));
const marks = (await b.locator(`${row} .table-mark`).allTextContents()).join(" | ");
if (!marks.includes("house rules: dice = [5,3,1]")) await fail(`B: the list does not tell the uneven dice: "${marks}"`);
const take = b.locator(`${row} button.take-seat[data-seat="1"]`);
if (((await take.textContent()) || "").trim() !== "Take seat P2") await fail(`B: the button says "${await take.textContent()}"`);
await take.click();
await b.waitForURL((url) => url.pathname === `/play/${id}` && url.hash.includes("seat=1&token="), { timeout: 10000 })
  .catch(() => fail(`B: the table did not open as seat 2 (at ${b.url()})`));
await b.waitForSelector('#view[data-version]', { timeout: 10000 }).catch(() => fail("B: the table did not draw"));
await b.waitForSelector('.card.me[data-seat="1"]', { timeout: 10000 }).catch(() => fail("B: the table does not show B as seat 2"));
const kept = await b.evaluate(() => localStorage.getItem("plunder.my-games") || "");
if (!kept.includes(id)) await fail("B: the taken seat's link is not kept under My games");
const houseRules = (await b.textContent("#house-rules").catch(() => "")) || "";
if (!houseRules.includes("dice = [5,3,1]")) await fail(`B: the table does not tell its house rules: "${houseRules}"`);
console.log("ok: B took seat 2 from Open tables and plays it, told of the uneven dice before and at the table");

const open = await (await fetch(`${base}/api/open`)).json();
if (open.tables.some((t) => t.id === id)) await fail("the taken seat is still listed");
const again = await fetch(`${base}/api/games/${id}/seats/1/take`, { method: "POST" });
if (again.status !== 409) await fail(`a second take answered ${again.status}`);
await b.goto(base);
await b.waitForSelector("#open-tables-list", { timeout: 10000 });
await b.waitForFunction(() => !document.querySelector("#open-tables-list .muted")?.textContent?.startsWith("…"), null, { timeout: 10000 });
if (await b.$(row)) await fail("B: the lobby still lists the taken seat");
console.log("ok: the taken seat is no longer listed, and a second take is refused");

// A Treasure deck of the creator's own: 34 copies of one card.
const deck = { deck: "treasure", cards: [{ id: "gold", name: "Gold", copies: 34, source: "designed", lasting: false,
  effect: { type: "reroll" }, text: "Before bidding: reroll one of your dice." }] };
await a.goto(`${base}/#custom`);
await a.waitForSelector("#custom select.seat", { timeout: 10000 });
await a.selectOption("#game", "scallywager");
await a.locator("#custom select.seat").nth(0).selectOption("human");
await a.locator("#custom select.seat").nth(1).selectOption("open");
await unfold(a, "#custom details.custom-options");
await unfold(a, "#custom details.advanced");
await a.fill("#custom textarea.advanced", JSON.stringify({ treasure_deck: deck }));
await a.click("#create");
await a.waitForSelector("#created-links .open-seats", { timeout: 10000 }).catch(async () => fail(`A: no Scallywager table: ${await a.textContent("#created")}`));
const decked = (await a.$$eval("#created-links a.join", (links) => links.map((l) => l.getAttribute("href"))))[0].match(/^\/play\/([0-9a-f]+)#/)[1];
const deckRow = `#open-tables li.open-table[data-game="${decked}"]`;
await b.waitForSelector(deckRow, { timeout: 15000 }).catch(() => fail("B: the Scallywager table is not under Open tables"));
const deckMarks = (await b.locator(`${deckRow} .table-mark`).allTextContents()).join(" | ");
if (!deckMarks.includes("custom content")) await fail(`B: the list does not mark the creator's deck: "${deckMarks}"`);
await b.locator(`${deckRow} button.take-seat[data-seat="1"]`).click();
await b.waitForSelector("#custom-content > summary", { timeout: 10000 }).catch(() => fail("B: the table does not say its content is the creator's"));
await b.click("#custom-content > summary");
await b.waitForFunction(() => document.querySelector("#custom-content pre")?.textContent?.includes("34 × Gold"), null, { timeout: 10000 })
  .catch(async () => fail(`B: the creator's deck cannot be read: "${await b.textContent("#custom-content")}"`));
if (process.env.SCREENSHOTS) await b.screenshot({ path: `${process.env.SCREENSHOTS}/open-custom-content.png` });
if (problems.length) await fail(problems.join("\n"));
console.log("ok: B was told of the creator's own deck in the list and read it at the table");
await browser.close();
