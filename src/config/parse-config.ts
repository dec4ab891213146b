import * as v from 'valibot';
import type { RegisterChoice } from '../contract/registers.ts';
import { DEFAULT_CONFIG } from './defaults.ts';
import { ConfigFileSchema, type AppConfig, type ConfigFile } from './schema.ts';

// The config's validation, a chunk of its own: only a page the browser renders alone needs it.

export type ConfigResult =
  | { ok: true; config: AppConfig }
  | { ok: false; problem: 'missing' | 'unreachable' | 'not-json' | 'invalid'; detail: string };

export function mergeConfig(file: ConfigFile): AppConfig {
  const d = DEFAULT_CONFIG;
  // With an issuer, the provider's metadata fills what the file leaves out, not the reference service's addresses.
  const standard = file.api?.ids?.issuer !== undefined;
  return {
    production: file.production ?? d.production,
    app: file.app ?? d.app,
    type: file.type ?? d.type,
    languages: file.languages ?? d.languages,
    ...(file.defaultLanguage ? { defaultLanguage: file.defaultLanguage } : {}),
    logo: file.logo ?? d.logo,
    defaultProfileUrl: file.defaultProfileUrl ?? d.defaultProfileUrl,
    login: { ...d.login, ...(standard ? { url: '' } : {}), ...file.login },
    api: {
      ids: { ...d.api.ids, ...(standard ? { url: '' } : {}), ...file.api?.ids },
      bike: { ...d.api.bike, ...file.api?.bike },
    },
    appLink: { ...d.appLink, ...file.appLink },
    ...(file.appStore ? { appStore: file.appStore } : {}),
    fieldData: file.fieldData ?? d.fieldData,
    ...(file.register ? { register: file.register as RegisterChoice } : {}),
    ...(file.texts ? { texts: file.texts } : {}),
  };
}

function describeIssues(issues: v.BaseIssue<unknown>[]): string {
  return issues
    .map((issue) => {
      const path = v.getDotPath(issue);
      return path ? `${path}: ${issue.message}` : issue.message;
    })
    .join('\n');
}

/** Parses the text of a config file; pure, so every failure is testable without a network. */
export function parseConfig(text: string): ConfigResult {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, problem: 'not-json', detail: (error as Error).message };
  }
  // valibot takes an array for an object with no fields.
  if (Array.isArray(json)) return { ok: false, problem: 'invalid', detail: 'the file must hold a JSON object' };
  const result = v.safeParse(ConfigFileSchema, json);
  if (!result.success) return { ok: false, problem: 'invalid', detail: describeIssues(result.issues) };
  return { ok: true, config: mergeConfig(result.output) };
}
