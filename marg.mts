import { build } from 'esbuild'
import { gzipSync } from 'node:zlib'
import { resolve } from 'node:path'
import { readFileSync, readdirSync } from 'node:fs'
const ENTRY = `import { ProjectClient } from 'posthog-project-client'
export function createClient(options) { return new ProjectClient(options) }`
async function size(stub?: string) {
  const r = await build({ stdin: { contents: ENTRY, resolveDir: process.cwd(), sourcefile: 'e.js', loader: 'js' }, bundle: true, format: 'esm', platform: 'browser', minify: true, target: 'es2022', write: false, logLevel: 'silent', alias: { 'posthog-project-client': resolve('src/index.ts') }, external: process.env.EXT ? ['ky', 'zod', 'zod/*'] : [],
    plugins: stub ? [{ name: 'stub', setup(b) { b.onLoad({ filter: /\.ts$/ }, (args) => { if (!args.path.endsWith(stub)) return undefined; const src = readFileSync(args.path, 'utf8'); const names = [...src.matchAll(/^export (?:declare )?(?:abstract )?(?:const|function|class|let) (\w+)/gm)].map(m => m[1]); return { contents: names.map(n => `export const ${n} = globalThis.x${n}`).join('\n'), loader: 'ts' } }) } }] : [] })
  return gzipSync(r.outputFiles[0].contents, { level: 9 }).byteLength
}
const full = await size()
console.log('full', full)
const files = process.argv.slice(2)
for (const f of files) console.log(String(full - await size(f)).padStart(6), f)
