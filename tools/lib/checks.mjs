// The check list of the scripts that test Plática as its users receive it (tools/test-image.mjs,
// tools/test-bare-machine.mjs): one line per check as it ends, then `N passed, M failed` last.
let passed = 0;
let failed = 0;

/** Runs one named check; what it returns is printed beside its name. True when it passed. */
export async function check(name, fn) {
  const started = Date.now();
  try {
    const detail = await fn();
    passed++;
    console.log(`✓ ${name} (${Date.now() - started} ms)${detail ? `: ${detail}` : ''}`);
    return true;
  } catch (error) {
    failed++;
    console.log(`✗ ${name}: ${error instanceof Error ? error.message : error}`);
    return false;
  }
}

export function must(condition, message) {
  if (!condition) throw new Error(message);
}

/** Prints the closing line and exits: 0 only when every check passed. */
export function finish() {
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed === 0 ? 0 : 1);
}
