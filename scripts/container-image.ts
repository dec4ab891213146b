// `npm run image`: builds the Containerfile with Podman, making the base from Debian's packages where
// no registry is reached (docs/decisions/0040-container-image.md).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export const IMAGE = 'localhost/bike-invite-app-server:latest';
export const BASE_IMAGE = 'docker.io/library/debian:bookworm-slim';

/** Podman with the project's settings (deploy/podman/containers.conf) and nothing else changed. */
export const podmanEnv = { ...process.env, CONTAINERS_CONF: resolve('deploy/podman/containers.conf') };

// What the official slim image leaves out (debuerreotype's slimify list), kept for later installs too.
const SLIM_EXCLUDES = [
  '/usr/share/doc/*',
  '/usr/share/info/*',
  '/usr/share/linda/*',
  '/usr/share/lintian/overrides/*',
  '/usr/share/locale/*',
  '/usr/share/man/*',
  '/usr/share/groff/*',
];

export function podman(args: string[]): string {
  return execFileSync('podman', args, { env: podmanEnv, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Fails with a clear message when Podman is not installed, rather than skipping anything. */
export function requirePodman(): void {
  try {
    podman(['--version']);
  } catch (error) {
    throw new Error('podman is not installed: `apt-get install podman runc uidmap mmdebstrap` (.ci/run does)', {
      cause: error,
    });
  }
}

function hasImage(name: string): boolean {
  try {
    podman(['image', 'exists', name]);
    return true;
  } catch {
    return false;
  }
}

function run(command: string, args: string[], options: { stdin?: 'pipe' } = {}): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { env: podmanEnv, stdio: ['ignore', 'inherit', 'inherit'], ...options });
    child.once('error', fail);
    child.once('exit', (code) =>
      code === 0 ? done() : fail(new Error(`${command} ${args.slice(0, 2).join(' ')} … exited ${code}`)),
    );
  });
}

/** debian:bookworm-slim in the local store: pulled as usual where a registry is reached, else made here. */
export async function ensureBase(): Promise<void> {
  if (hasImage(BASE_IMAGE)) return;
  process.stdout.write(`${BASE_IMAGE} is not in the local store: making it with mmdebstrap\n`);
  const tarball = `/tmp/bike-invite-bookworm-slim-${process.pid}.tar`;
  await run('mmdebstrap', [
    '--variant=minbase',
    '--quiet',
    // /bin, /lib, … as links into /usr made up front, so that no usrmerge (and its Perl) is installed.
    '--hook-dir=/usr/share/mmdebstrap/hooks/merged-usr',
    ...SLIM_EXCLUDES.map((path) => `--dpkgopt=path-exclude=${path}`),
    '--dpkgopt=path-include=/usr/share/doc/*/copyright',
    '--aptopt=Acquire::Languages "none"',
    'bookworm',
    tarball,
    'http://deb.debian.org/debian',
  ]);
  try {
    await run('podman', ['import', '--change', 'CMD ["bash"]', tarball, BASE_IMAGE]);
  } finally {
    execFileSync('rm', ['-f', tarball]);
  }
}

function git(args: string[]): string {
  try {
    return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown';
  }
}

/** The build stage's npm uses the host's network and npm cache, mounted for the build only. */
export async function buildImage(): Promise<void> {
  await ensureBase();
  const npmCache = execFileSync('npm', ['config', 'get', 'cache'], { encoding: 'utf8' }).trim();
  mkdirSync(npmCache, { recursive: true });
  // A host that trusts an extra CA for the registry (a TLS-inspecting proxy) lends it to the build.
  const ca = process.env.NODE_EXTRA_CA_CERTS;
  const caArgs =
    ca && existsSync(ca)
      ? ['--volume', `${ca}:/run/host-ca.crt:ro`, '--build-arg', 'NODE_EXTRA_CA_CERTS=/run/host-ca.crt']
      : [];
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string; license?: string };
  const source = git(['remote', 'get-url', 'origin']);
  const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
    packages: Record<string, { version: string }>;
  };
  const labels = {
    revision: git(['rev-parse', 'HEAD']),
    version: pkg.version,
    source,
    licenses: pkg.license ?? 'NOASSERTION',
  };
  // Also as --label: Podman's layer cache keys on the LABEL line, not the build arguments in it, so a
  // cached labels layer would carry an earlier commit's revision.
  const labelArgs = Object.entries(labels).flatMap(([name, value]) => [
    '--label',
    `org.opencontainers.image.${name}=${value}`,
  ]);
  await run('podman', [
    'build',
    ...labelArgs,
    '--network',
    'host',
    '--volume',
    `${npmCache}:/root/.npm`,
    ...caArgs,
    '--file',
    'Containerfile',
    '--tag',
    IMAGE,
    '--build-arg',
    `REVISION=${labels.revision}`,
    '--build-arg',
    `VERSION=${pkg.version}`,
    '--build-arg',
    `NODE_VERSION=${lock.packages['node_modules/node']!.version}`,
    '--build-arg',
    `SOURCE=${source}`,
    '--build-arg',
    `LICENSES=${labels.licenses}`,
    '.',
  ]);
}

export const imageSize = (): number => Number(podman(['image', 'inspect', '--format', '{{.Size}}', IMAGE]).trim());

if (import.meta.main) {
  requirePodman();
  await buildImage();
  process.stdout.write(`${IMAGE}: ${(imageSize() / 1e6).toFixed(0)} MB uncompressed\n`);
}
