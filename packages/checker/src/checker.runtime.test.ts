import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';

const run = promisify(execFile);

test('parse workers also run when the checker is loaded by tsx', async () => {
  const tsxCli = createRequire(import.meta.url).resolve('tsx/cli');
  const script = fileURLToPath(new URL('../test/tsx-smoke.ts', import.meta.url));
  const { stdout } = await run(process.execPath, [tsxCli, script], { timeout: 30_000 });
  expect(JSON.parse(stdout)).toEqual([
    { backlinks: 4, anchor: '' },
    { backlinks: 1, anchor: 'Лучшие лопаты и грабли' },
    { backlinks: 1, anchor: 'our pick' },
  ]);
});
