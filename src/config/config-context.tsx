import { createContext, useContext, type ReactNode } from 'react';
import type { AppConfig } from './schema.ts';

const ConfigContext = createContext<AppConfig | null>(null);
const BrandContext = createContext('');

/** The config, and the brand's name (its theme's: the table of themes is not in the app's first file). */
export function ConfigProvider({ config, brand, children }: { config: AppConfig; brand: string; children: ReactNode }) {
  return (
    <ConfigContext value={config}>
      <BrandContext value={brand}>{children}</BrandContext>
    </ConfigContext>
  );
}

export function useConfig(): AppConfig {
  const config = useContext(ConfigContext);
  if (!config) throw new Error('useConfig outside ConfigProvider');
  return config;
}

export const useBrandName = (): string => useContext(BrandContext);
