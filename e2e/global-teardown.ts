import { rm } from 'node:fs/promises';

export default async function globalTeardown(): Promise<void> {
  const dir = process.env.E2E_DATA_DIR;
  if (dir?.includes('linkwatch-e2e-')) await rm(dir, { recursive: true, force: true });
}
