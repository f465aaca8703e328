// The browser journeys run in Debian's Chromium (never a downloaded browser). Say so clearly when it is missing.
import { accessSync, constants } from "node:fs";

const path = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
try {
  accessSync(path, constants.X_OK);
} catch {
  console.error(
    `The browser journeys need Chromium at ${path}.\n` +
      "Install Debian's package (as root: apt-get update && apt-get install -y chromium) or set CHROMIUM_PATH; .ci/run does it itself.",
  );
  process.exit(1);
}
