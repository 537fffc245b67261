import { DuckDBInstance } from '@duckdb/node-api';
const inst = await DuckDBInstance.create(':memory:');
const c = await inst.connect();
const r = await c.runAndReadAll("select 42::BIGINT as x, 1.5::DECIMAL(5,2) d, 'a' as s, [1,2] as l, {'a':1, 'b': NULL::BLOB} as st, now()::TIMESTAMP as t, DATE '2020-01-01' dt, 'ab'::BLOB b, true bo, NULL n, 1.5::FLOAT f, 'nan'::DOUBLE nn, '{\"k\":1}'::JSON j, MAP {'k': 1} m, 12::HUGEINT h, '00000000-0000-0000-0000-000000000000'::UUID u, INTERVAL 1 day iv, $1 as p", [7]);
console.log(r.getRowObjectsJS());
console.log(r.getRowObjectsJson());
console.log(r.columnTypes().map(t=>[t.typeId, t.toString()]));
const t = r.columnTypes()[3]; console.log(Object.keys(t), t.valueType?.toString());
const st = r.columnTypes()[4]; console.log(st.entryNames, st.entryTypes?.map(x=>x.toString()));
