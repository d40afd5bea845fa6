import { existsSync } from "node:fs";
import { type Browser, type BrowserContext, chromium } from "playwright-core";

/** Debian's Chromium (installed by .ci/run); playwright-core downloads no browser. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Whether the browser tests run: always in CI (where .ci/run installs Chromium, so a missing browser fails them),
 * elsewhere only when Chromium is installed (`apt-get install -y chromium`).
 */
export const RUN_BROWSER_TESTS = Boolean(process.env.CI) || existsSync(CHROMIUM);

/**
 * Headless Chromium with the flags this machine needs (no sandbox as root, no background networking: the only
 * requests are the page's).
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
}

const ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

/**
 * Chromium with a profile of its own in `dir` (not the incognito-like contexts of `launchChromium`): what a
 * browser that may install a web app is.
 */
export function launchChromiumProfile(
  dir: string,
  options: Parameters<typeof chromium.launchPersistentContext>[1] = {},
): Promise<BrowserContext> {
  return chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    ...options,
  });
}
