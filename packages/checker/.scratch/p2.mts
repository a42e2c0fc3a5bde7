import { Parser } from 'htmlparser2';
let page = '<html><head><title>t</title></head><body>';
let i = 0;
while (page.length < 45000) { i++; page += `<p>Lorem ipsum dolor sit amet ${i}, consectetur adipiscing elit. <a href="${i % 20 === 0 ? 'https://acceptor.example/p' + i : 'https://site' + (i % 50) + '.example/path/' + i}" rel="${i % 3 ? 'nofollow' : ''}">anchor ${i}</a> tail text here.</p>\n`; }
const buf = Buffer.from(page);
for (let round = 0; round < 3; round++) {
  const t = performance.now(); let n = 0;
  for (let k = 0; k < 500; k++) { const p = new Parser({ onopentag() { n++; }, ontext() {} }); p.write(new TextDecoder().decode(buf)); p.end(); }
  const ms = performance.now() - t; console.log('bare per page ms', (ms / 500).toFixed(3));
}
const t = performance.now(); let n = 0;
for (let k = 0; k < 150000; k++) { n += new URL('https://site' + (k % 50) + '.example/path/' + k, 'https://donor.example/').hostname.length; }
console.log('url us', ((performance.now() - t) / 150000 * 1000).toFixed(3));
