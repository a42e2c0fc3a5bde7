const fs=require('fs');const dir=process.argv[2];const f=fs.readdirSync(dir).filter(x=>x.endsWith('.cpuprofile'))[0];const p=JSON.parse(fs.readFileSync(dir+'/'+f));
const self=new Map();const byId=new Map(p.nodes.map(n=>[n.id,n]));
const dt=p.timeDeltas;const counts=new Map();for(let i=0;i<p.samples.length;i++){counts.set(p.samples[i],(counts.get(p.samples[i])||0)+dt[i]);}
for(const [id,t] of counts){const n=byId.get(id);const k=n.callFrame.functionName+' '+n.callFrame.url.split('/').slice(-1)[0]+':'+n.callFrame.lineNumber;self.set(k,(self.get(k)||0)+t);}
const arr=[...self].sort((a,b)=>b[1]-a[1]).slice(0,+process.argv[3]||25);let tot=0;for(const v of self.values())tot+=v;for(const [k,v] of arr)console.log((v/tot*100).toFixed(1)+'%',k);
