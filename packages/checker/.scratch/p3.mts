import { Parser, Tokenizer } from 'htmlparser2';
let page = '<html><head><title>t</title></head><body>';
let i = 0;
while (page.length < 45000) { i++; page += `<p>Lorem ipsum dolor sit amet ${i}, consectetur adipiscing elit. <a href="${i % 20 === 0 ? 'https://acceptor.example/p' + i : 'https://site' + (i % 50) + '.example/path/' + i}" rel="${i % 3 ? 'nofollow' : ''}">anchor ${i}</a> tail text here.</p>\n`; }
const buf = Buffer.from(page);
function bench(name: string, fn: () => void) {
  for (let w = 0; w < 50; w++) fn();
  const t = performance.now(); for (let k = 0; k < 300; k++) fn();
  console.log(name, ((performance.now() - t) / 300).toFixed(3), 'ms');
}
bench('decode', () => { new TextDecoder().decode(buf); });
bench('toString', () => { buf.toString('utf8'); });
const s = buf.toString();
bench('parser default', () => { const p = new Parser({ onopentag() {}, ontext() {} }); p.write(s); p.end(); });
bench('parser noentities', () => { const p = new Parser({ onopentag() {}, ontext() {} }, { decodeEntities: false }); p.write(s); p.end(); });
bench('parser no cbs', () => { const p = new Parser({}); p.write(s); p.end(); });
bench('regex scan', () => { let n = 0; const re = /<a\s[^>]*href\s*=\s*["']([^"']*)/gi; while (re.exec(s)) n++; });
bench('charCode loop', () => { let n = 0; for (let j = 0; j < s.length; j++) if (s.charCodeAt(j) === 60) n++; });
