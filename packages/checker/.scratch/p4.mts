import { parseDonorHtml } from '../src/html/parse-donor-html.ts';
import { compileAcceptors } from '../src/acceptors/acceptor-matcher.ts';
let page = '<html><head><title>t</title></head><body>';
let i = 0;
while (page.length < 45000) { i++; page += `<p>Lorem ipsum dolor sit amet ${i}, consectetur adipiscing elit. <a href="${i % 20 === 0 ? 'https://acceptor.example/p' + i : 'https://site' + (i % 50) + '.example/path/' + i}" rel="${i % 3 ? 'nofollow' : ''}">anchor ${i}</a> tail text here.</p>\n`; }
const buf = Buffer.from(page);
const acc = compileAcceptors({ kind: 'domains' as const, domains: ['acceptor.example'] });
for (let round = 0; round < 4; round++) {
  const t = performance.now(); let n = 0;
  for (let k = 0; k < 300; k++) n += parseDonorHtml(buf, { baseUrl: 'https://donor.example/', contentType: 'text/html; charset=utf-8', acceptors: acc }).backlinks.length;
  const ms = performance.now() - t; console.log('per page ms', (ms / 300).toFixed(3));
}
