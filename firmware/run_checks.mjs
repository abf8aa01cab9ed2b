// Runs firmware/logic_checks.py and shim_checks.py under the real MicroPython (WebAssembly port) in Node.
// The firmware modules are copied into MicroPython's in-memory filesystem, exactly as
// they would be copied onto the board, so no CPython-only feature can slip through.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";

const here = dirname(fileURLToPath(import.meta.url));
let output = "";
const mp = await loadMicroPython({
  heapsize: 4 * 1024 * 1024,
  stdout: (line) => { output += line + "\n"; console.log(line); },
  stderr: (line) => console.error(line),
});

mp.FS.mkdir("/fw");
mp.FS.mkdir("/fw/towerfw");
mp.FS.mkdir("/scratch");
for (const name of readdirSync(join(here, "towerfw"))) {
  if (name.endsWith(".py")) {
    mp.FS.writeFile(`/fw/towerfw/${name}`, readFileSync(join(here, "towerfw", name)));
  }
}
for (const name of ["logic_checks.py", "shim_checks.py"]) {
  mp.FS.writeFile(`/fw/${name}`, readFileSync(join(here, name)));
}

try {
  mp.runPython([
    "import sys",
    "sys.path.insert(0, '/fw')",
    "print('interpreter:', sys.implementation.name, '.'.join(str(x) for x in sys.implementation.version[:3]))",
    "import logic_checks, shim_checks",
    "failed = logic_checks.run_all('/scratch') + shim_checks.run_all('/scratch')",
    "print('micropython checks: %d failed' % failed)",
  ].join("\n"));
} catch (err) {
  console.error(String(err));
  process.exit(2);
}
process.exit(/^micropython checks: 0 failed$/m.test(output) ? 0 : 1);
