import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export type TestConfigOptions = {
  /** The repository root: deploy/nginx.conf, deploy/proxy.conf and dist/ are read from there. */
  repoDir: string;
  tempDir: string;
  port: number;
  servicesOrigin: string;
  /** The --out folder of `npm run well-known`; by default dist/, as when config.json is replaced there. */
  wellKnownDir?: string;
  /** Debian's brotli_static module, when installed: loaded, and the block's `brotli_static` line uncommented. */
  brotliModule?: string;
};

export const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

function replaceOne(text: string, pattern: RegExp, replacement: string): string {
  const found = text.match(new RegExp(pattern.source, 'gm'))?.length ?? 0;
  if (found !== 1) throw new Error(`deploy/nginx.conf: expected one line matching ${pattern}, found ${found}`);
  return text.replace(new RegExp(pattern.source, 'm'), replacement);
}

/** deploy/nginx.conf with its marked lines set for a loopback test, proxying with deploy/proxy.conf. */
export function serverBlockForTest(options: TestConfigOptions): string {
  let block = readFileSync(join(options.repoDir, 'deploy', 'nginx.conf'), 'utf8');
  const listens = block.match(/^\s*listen\s[^;]*;.*$/gm) ?? [];
  if (listens.length === 0) throw new Error('deploy/nginx.conf: no listen line');
  block = block.replace(/^\s*listen\s[^;]*;.*$/gm, (line) =>
    line === listens[0] ? `    listen 127.0.0.1:${options.port};` : '',
  );
  block = replaceOne(block, /^\s*server_name\s[^;]*;.*$/, '    server_name 127.0.0.1;');
  const dist = join(options.repoDir, 'dist');
  block = replaceOne(block, /^ {4}root\s[^;]*;.*$/, `    root "${dist}";`);
  block = replaceOne(block, /^ {8}root\s[^;]*;.*--out folder.*$/, `        root "${options.wellKnownDir ?? dist}";`);
  // As the comment above it tells an operator with the module to do.
  if (options.brotliModule) block = replaceOne(block, /^( +)# (brotli_static on;)$/, '$1$2');

  const proxyConf = join(options.repoDir, 'deploy', 'proxy.conf');
  const proxies = ['/api/', '/ids/', '/media/']
    .map((prefix) => `    location ${prefix} { proxy_pass ${options.servicesOrigin}; include "${proxyConf}"; }`)
    .join('\n');
  const end = block.lastIndexOf('}');
  if (end < 0) throw new Error('deploy/nginx.conf: no closing brace');
  return `${block.slice(0, end)}${proxies}\n}\n`;
}

/** A complete nginx.conf around the server block, with every path inside `tempDir`. */
export function nginxConfForTest(options: TestConfigOptions): string {
  const t = (name: string) => `"${join(options.tempDir, name)}"`;
  // As root, nginx's workers would run as `nobody`, which may not read a checkout under /root.
  const user = process.getuid?.() === 0 ? 'user root;\n' : '';
  const modules = options.brotliModule ? `load_module "${options.brotliModule}";\n` : '';
  return `${modules}${user}worker_processes 1;
pid ${t('nginx.pid')};
error_log ${t('error.log')} warn;
events { worker_connections 128; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log ${t('access.log')};
    client_body_temp_path ${t('body')};
    proxy_temp_path ${t('proxy')};
    fastcgi_temp_path ${t('fastcgi')};
    uwsgi_temp_path ${t('uwsgi')};
    scgi_temp_path ${t('scgi')};

${serverBlockForTest(options)}}
`;
}
