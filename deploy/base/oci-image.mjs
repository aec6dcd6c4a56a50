#!/usr/bin/env node
// Writes an OCI image layout (https://github.com/opencontainers/image-spec/blob/main/image-layout.md) from
// gzip-compressed layer tarballs, without a registry or a container engine; scripts/build-image.sh imports it
// into buildah's storage. Every byte is a function of the inputs (layers, epoch, env, cmd, history), so the
// manifest digest the Dockerfile pins is the same wherever the same layers are rebuilt.
//
//   node oci-image.mjs --out <dir> --ref <tag> --epoch <seconds> --env K=V [--env ...] --cmd <arg> [--cmd ...]
//                      --layer <layer.tar.gz> --history <created_by> [--layer ... --history ...]
// Prints the manifest digest (sha256:...) on stdout.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

const args = { env: [], cmd: [], layer: [], history: [] };
for (let i = 2; i < process.argv.length; i += 2) {
  const key = process.argv[i].replace(/^--/, '');
  const value = process.argv[i + 1];
  if (Array.isArray(args[key])) args[key].push(value);
  else args[key] = value;
}
if (!args.out || !args.ref || !args.epoch || !args.layer.length || args.layer.length !== args.history.length) {
  console.error('usage: oci-image.mjs --out dir --ref tag --epoch s --env K=V --cmd arg (--layer l.tar.gz --history text)...');
  process.exit(2);
}

const sha256 = (buf) => `sha256:${createHash('sha256').update(buf).digest('hex')}`;
const blobs = join(args.out, 'blobs', 'sha256');
mkdirSync(blobs, { recursive: true });
const putBlob = (buf) => {
  const digest = sha256(buf);
  writeFileSync(join(blobs, digest.slice('sha256:'.length)), buf);
  return { digest, size: buf.length };
};

const created = new Date(Number(args.epoch) * 1000).toISOString().replace(/\.000Z$/, 'Z');
const layers = [];
const diffIds = [];
for (const file of args.layer) {
  const gz = readFileSync(file);
  diffIds.push(sha256(gunzipSync(gz)));
  layers.push({ mediaType: 'application/vnd.oci.image.layer.v1.tar+gzip', ...putBlob(gz) });
}
const config = {
  created,
  architecture: 'amd64',
  os: 'linux',
  config: { Env: args.env, Cmd: args.cmd },
  rootfs: { type: 'layers', diff_ids: diffIds },
  history: args.history.map((created_by) => ({ created, created_by })),
};
const configBlob = putBlob(Buffer.from(JSON.stringify(config)));
const manifest = Buffer.from(
  JSON.stringify({
    schemaVersion: 2,
    mediaType: 'application/vnd.oci.image.manifest.v1+json',
    config: { mediaType: 'application/vnd.oci.image.config.v1+json', ...configBlob },
    layers,
  }),
);
const manifestBlob = putBlob(manifest);
writeFileSync(join(args.out, 'oci-layout'), JSON.stringify({ imageLayoutVersion: '1.0.0' }));
writeFileSync(
  join(args.out, 'index.json'),
  JSON.stringify({
    schemaVersion: 2,
    manifests: [{ mediaType: 'application/vnd.oci.image.manifest.v1+json', ...manifestBlob, annotations: { 'org.opencontainers.image.ref.name': args.ref } }],
  }),
);
process.stdout.write(`${manifestBlob.digest}\n`);
