import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
let t=Date.now(); const c = await PGlite.create({ extensions: { pg_trgm } }); console.log('create', Date.now()-t);
t=Date.now(); const dump = await c.dumpDataDir('none'); console.log('dump', Date.now()-t, dump.size);
t=Date.now(); const c2 = await PGlite.create({ extensions: { pg_trgm }, loadDataDir: dump }); console.log('load', Date.now()-t);
