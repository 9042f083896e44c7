// Two browser pages join one game through the lobby's links (its Custom table form) and play it to the end,
// clicking legal actions.
// Usage: node play.mjs BASE_URL [BASE_URL_2]  (with two URLs, the second page plays on the second server).
import { chromium } from "playwright-core";

const [base, secondBase = base] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || "/usr/bin/chromium", args: ["--no-sandbox"] });
const fail = async (message) => { console.error(`FAIL: ${message}`); await browser.close(); process.exit(1); };
try {
  const host = await browser.newPage();
  await host.goto(`${base}/`);
  await host.click("#custom > summary");
  await host.selectOption("#game", "liars-dice");
  await host.fill("#players", "2");
  await host.dispatchEvent("#players", "change");
  // A short game (the form starts from the lobby's five dice to the last die): one die each, one round.
  await host.click("#custom details.custom-options > summary");
  await host.fill("#custom-options [name=dice]", "1");
  await host.selectOption("#custom-options [name=length]", "one_round");
  const seats = await host.$$("select.seat");
  for (const seat of seats) await seat.selectOption("human");
  await host.click("#create");
  await host.waitForSelector("a.join");
  const links = await host.$$eval("a.join", (as) => as.map((a) => a.getAttribute("href")));
  if (links.length !== 2) await fail(`expected 2 join links, got ${links.length}`);
  const pages = [await (await browser.newContext()).newPage(), await (await browser.newContext()).newPage()];
  await pages[0].goto(`${base}${links[0]}`);
  await pages[1].goto(`${secondBase}${links[1]}`);
  for (const page of pages) await page.waitForSelector("#view[data-version]");
  let clicks = 0;
  let oddsSeen = false;
  const over = async (page) => ((await page.textContent("#status")) || "").startsWith("Game over");
  while (!(await over(pages[0])) || !(await over(pages[1]))) {
    let clicked = false;
    for (const page of pages) {
      const button = await page.$("button.action");
      if (button) {
        // The page redraws on every message, so a button may be replaced under the click: try again next time.
        try {
          await button.click({ timeout: 2000 });
          clicked = true;
          clicks += 1;
        } catch {}
        await page.waitForTimeout(50);
      }
      // The odds panel: once a bid stands, a seat may switch it on and reads the chance that the bid holds.
      if (!oddsSeen && (await page.$("#odds-toggle"))) {
        try {
          await page.check("#odds-toggle", { timeout: 2000 });
          const odds = (await page.textContent("#odds")) || "";
          if (!odds.includes("%")) await fail(`the odds panel shows no probability: ${odds}`);
          if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/odds.png` });
          oddsSeen = true;
        } catch (e) {
          if (String(e).includes("FAIL")) throw e;
        }
      }
    }
    if (!clicked) await pages[0].waitForTimeout(100);
    if (clicks > 400) await fail("the game did not end after 400 clicks");
  }
  if (!oddsSeen) await fail("no page showed the odds panel");
  // Each page says the same result, the winner's with "You won!" and the other's with "You lost.".
  const said = await Promise.all(pages.map(async (p) => (await p.textContent("#status")) || ""));
  const texts = said.map((t) => t.replace("You won! ", "").replace("You lost. ", ""));
  if (texts[0] !== texts[1]) await fail(`the pages disagree: ${texts}`);
  if (said.filter((t) => t.includes("You won! ")).length !== 1 || said.filter((t) => t.includes("You lost. ")).length !== 1) {
    await fail(`one page says "You won!", the other "You lost.": ${said.join(" | ")}`);
  }
  // A seat never sees another seat's legal actions: the page of the seat not to act has none.
  console.log(`ok: both pages saw "${texts[0]}" after ${clicks} moves`);
  await browser.close();
} catch (e) {
  await fail(e.stack || String(e));
}
