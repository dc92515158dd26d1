// node prerender_home.mjs <site dir>: the home screen's English tiles as the page draws them (shell/home.js homeHtml), for index.html
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const site = process.argv[2];
const load = (path) => import(pathToFileURL(`${site}/${path}`).href);
const i18n = await load("shell/i18n.js");
const { LAYOUTS } = await load("games/index.js");
const { gamesOf, homeHtml, htmlMark } = await load("shell/home.js");
i18n.addTexts(JSON.parse(readFileSync(`${site}/lang/en.json`, "utf8")));
const html = homeHtml(gamesOf(LAYOUTS));
// the tiles wait (disabled) until the page is ready, as setWaiting leaves them
process.stdout.write(JSON.stringify({ html: html.replace(/<button ([^>]*data-open=)/g, "<button disabled $1"), mark: htmlMark(html) }));
