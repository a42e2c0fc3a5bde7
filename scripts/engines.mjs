/**
 * `npm run lint:engines`: every package the lockfile installs must run on the oldest Node the README
 * promises (the root's `engines.node`). npm only warns (EBADENGINE) when it meets one that does not,
 * and only on the Node it runs on, so a CI on a newer Node would never see what a newcomer on the
 * oldest supported one gets as their first command's output.
 *
 * It also holds that output free of npm's install-script notice: every package with an install
 * script is either approved or denied in the root's `allowScripts` (esbuild's postinstall only
 * re-checks a binary its optional dependency already brought, so it is denied).
 */
import { readFileSync } from 'node:fs';
import semver from 'semver';

const root = JSON.parse(readFileSync('package.json', 'utf8'));
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
const oldest = semver.minVersion(root.engines.node);

const refused = Object.entries(lock.packages)
  .filter(([, pkg]) => typeof pkg.engines?.node === 'string')
  .filter(([, pkg]) => !semver.satisfies(oldest, pkg.engines.node, { includePrerelease: true }))
  .map(([where, pkg]) => `${where}@${pkg.version} needs Node ${pkg.engines.node}`);

if (refused.length > 0) {
  console.error(`Packages that do not run on Node ${oldest} (package.json engines.node):`);
  for (const line of refused) console.error(`  ${line}`);
  console.error(
    'Pin a version that declares it (package.json "overrides"), or raise engines.node and the README.',
  );
  process.exit(1);
}

const allowed = root.allowScripts ?? {};
const unreviewed = Object.entries(lock.packages)
  .filter(([, pkg]) => pkg.hasInstallScript)
  .map(([where, pkg]) => ({ name: where.split('node_modules/').at(-1), version: pkg.version }))
  .filter(({ name, version }) => !(name in allowed) && !(`${name}@${version}` in allowed));

if (unreviewed.length > 0) {
  console.error('Packages whose install scripts package.json "allowScripts" neither allows nor denies:');
  for (const { name, version } of unreviewed) console.error(`  ${name}@${version}`);
  console.error('Review them: npm install-scripts approve <pkg> or npm install-scripts deny <pkg>.');
  process.exit(1);
}
console.log(`engines: every installed package runs on Node ${oldest}; install scripts reviewed`);
