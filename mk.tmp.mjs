import { build } from 'esbuild'
import { gzipSync } from 'node:zlib'
import { writeFileSync } from 'node:fs'
const r = await build({ stdin: { contents: "import { ProjectClient } from './src/index.ts'; export function createClient(o) { return new ProjectClient(o) }", resolveDir: process.cwd(), loader: 'js' }, bundle: true, minify: true, format: 'esm', platform: 'browser', write: false, target: 'es2022' })
const out = r.outputFiles[0].contents
writeFileSync('/tmp/bundle.js', out)
console.log(out.length, gzipSync(out, { level: 9 }).length)
