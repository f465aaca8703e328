// Our npm registry serves only some platform builds of packages with per-platform optional dependencies
// (@tailwindcss/oxide-*, @msgpackr-extract/*, @esbuild/*, ...). `npm install` then leaves the others out of
// package-lock.json and `npm ci` refuses the lock as "out of sync". This adds a lock entry, marked optional and
// bound to its os/cpu, for every optional platform dependency the lock names but lacks, so `npm ci` skips them on
// this platform exactly as it would with a complete lock. Run it after every `npm install` (see README).
import { readFileSync, writeFileSync } from "node:fs";

const file = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(file, "utf8"));
const packages = lock.packages;
const OS = ["android", "darwin", "freebsd", "linux", "netbsd", "openbsd", "sunos", "win32", "aix", "openharmony"];
const CPU = ["arm64", "x64", "ia32", "arm", "ppc64", "s390x", "riscv64", "loong64", "mips64el", "wasm32"];

function platformOf(name) {
  const parts = name.split("/").pop().split("-");
  const os = parts.find((p) => OS.includes(p)) ?? (parts.includes("wasi") ? null : null);
  const cpu = parts.find((p) => CPU.includes(p)) ?? null;
  return { os, cpu, wasm: parts.includes("wasm32") || parts.includes("wasi") };
}

let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  if (!entry.optionalDependencies) continue;
  const base = path === "" ? "" : `${path}/`;
  for (const [dep, version] of Object.entries(entry.optionalDependencies)) {
    const nested = `${base}node_modules/${dep}`;
    const hoisted = `node_modules/${dep}`;
    if (packages[nested] || packages[hoisted]) continue;
    const { os, cpu, wasm } = platformOf(dep);
    if (!os && !cpu && !wasm) continue; // not a platform build: leave it to npm
    packages[hoisted] = {
      version: String(version).replace(/^[\^~=]/, ""),
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...(os ? { os: [os] } : {}),
      cpu: [wasm ? "wasm32" : cpu],
    };
    added += 1;
  }
}
const sorted = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))));
lock.packages = sorted;
writeFileSync(file, JSON.stringify(lock, null, 2) + "\n");
console.log(`lock-optional-platforms: ${added} platform entries added`);
