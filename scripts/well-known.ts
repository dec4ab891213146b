// `npm run well-known -- --config FILE --out DIR`: the app-link files of a brand's config, for web
// servers that cannot read it (docs/deploy.md#app-links).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { WELL_KNOWN_NAMES, wellKnownFiles } from '../app-server/app-link-files.ts';
import { readBrandConfig } from '../app-server/brands.ts';

const usage = `Usage: npm run well-known -- --config FILE --out DIR
  --config FILE   the brand's deployed config.json
  --out DIR       the folder served at the brand's origin root (e.g. dist/); files go to DIR/.well-known/
Writes apple-app-site-association (appStore.ios) and assetlinks.json (appStore.android);
a file whose platform is not configured is removed, so nothing is served without appStore.`;

export type WellKnownReport = { written: string[]; removed: string[] };

/** Brings {outDir}/.well-known/ in line with the config; throws first if the app would refuse the file. */
export function writeWellKnown(configPath: string, outDir: string): WellKnownReport {
  const config = readBrandConfig(readFileSync(configPath, 'utf8'), configPath);
  const files = wellKnownFiles(config.appStore);
  const dir = join(outDir, '.well-known');
  const report: WellKnownReport = { written: [], removed: [] };
  if (files.length > 0) mkdirSync(dir, { recursive: true });
  for (const name of WELL_KNOWN_NAMES) {
    const path = join(dir, name);
    const file = files.find((candidate) => candidate.name === name);
    if (file) {
      writeFileSync(path, file.body);
      report.written.push(path);
    } else {
      try {
        rmSync(path);
        report.removed.push(path);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
  }
  return report;
}

if (import.meta.main) {
  let values;
  try {
    ({ values } = parseArgs({
      options: { config: { type: 'string' }, out: { type: 'string' }, help: { type: 'boolean' } },
      strict: true,
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${usage}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(usage);
  } else if (!values.config || !values.out) {
    console.error(usage);
    process.exit(2);
  } else {
    try {
      const { written, removed } = writeWellKnown(values.config, values.out);
      for (const path of written) console.log(`wrote   ${path}`);
      for (const path of removed) console.log(`removed ${path}`);
      if (written.length === 0) console.log('no appStore in the config: no app-link files are served');
    } catch (error) {
      console.error((error as Error).message);
      process.exit(1);
    }
  }
}
