// Loads the very script files the player is assembled from (components/…) into a fresh V8 context, as the
// browser runs them: one scope, in the order given.  ``globals`` are the context's globals (a stub window or
// document where a file touches them at load time).  Returns a function that reads a name of that scope.
import {readFileSync} from "node:fs";
import {dirname, join} from "node:path";
import {fileURLToPath} from "node:url";
import vm from "node:vm";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

export function load(files, globals = {}) {
  const context = vm.createContext({...globals});
  for (const file of files) {
    vm.runInContext(readFileSync(join(ROOT, file), "utf8"), context, {filename: file});
  }
  return (name) => vm.runInContext(name, context);
}

export function fixture(name) {
  return JSON.parse(readFileSync(join(ROOT, "tests", "js", "fixtures", name), "utf8"));
}

// |actual − expected| ≤ rel·scale (+ a tiny absolute floor), scale = the largest |expected| of the set
export function close(actual, expected, rel, scale) {
  return Math.abs(actual - expected) <= rel * Math.max(scale, 1e-300) + 1e-300;
}
