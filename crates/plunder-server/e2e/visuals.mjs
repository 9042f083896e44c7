// Every registered game at a phone-sized table: one page per game opens seat 1's join link (the other seats are
// bots), waits for its table and requires the view to be drawn with visuals (dice, cups, coins, cards or tracks), not
// only as text. With SCREENSHOTS=DIR set, it saves DIR/GAME.png for a person to look at.
// Usage: node visuals.mjs BASE_URL
import { chromium } from "playwright-core";

const [base] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || "/usr/bin/chromium", args: ["--no-sandbox"] });
const fail = async (message) => { console.error(`FAIL: ${message}`); await browser.close(); process.exit(1); };
try {
  const catalog = await (await fetch(`${base}/api/catalog`)).json();
  for (const game of catalog.games) {
    const seats = ["human", ...Array(game.min_players - 1).fill("bot")];
    const response = await fetch(`${base}/api/games`, {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ game: game.id, seats, seed: 7 }),
    });
    const created = await response.json();
    if (!response.ok) await fail(`${game.id}: ${JSON.stringify(created)}`);
    const page = await (await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 })).newPage();
    await page.goto(`${base}${created.seats[0].join}`);
    await page.waitForSelector("#view");
    const visuals = await page.$$eval("#view .die, #view .cup, #view .coin, #view .card, #view .track", (nodes) => nodes.length);
    if (visuals === 0) await fail(`${game.id}: the table has no dice, cups, coins, cards or tracks`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/${game.id}.png`, fullPage: true });
    console.log(`ok: ${game.id} draws ${visuals} visual pieces (${overflow > 0 ? `${overflow}px wider than the phone` : "fits the phone's width"})`);
  }
  await browser.close();
} catch (e) {
  await fail(e.stack || String(e));
}
