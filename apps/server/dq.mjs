import { DuckDBInstance } from '@duckdb/node-api';
const inst = await DuckDBInstance.create(':memory:', {threads:'2'});
const c = await inst.connect();
for (const q of [
 `SELECT * FROM read_csv(['/tmp/dsx/a.txt'], columns={'text':'VARCHAR'}, header=false, delim=chr(1), quote='', escape='', auto_detect=false)`,
 `SELECT * FROM read_csv(['/tmp/dsx/a.txt'], columns={'text':'VARCHAR'}, header=false, delim='', quote='', escape='', auto_detect=false)`,
 `SELECT * FROM read_csv(['/tmp/dsx/bad.csv'], header=true)`,
 `SELECT * FROM read_json(['/tmp/dsx/bad.jsonl'])`,
 `SELECT * FROM read_json(['/tmp/dsx/arr.json'])`,
 `COPY (SELECT * FROM read_parquet('/tmp/dsx/big.parquet')) TO '/tmp/dsx/shards' (FORMAT parquet, FILE_SIZE_BYTES '30MB', ROW_GROUP_SIZE 10000, KV_METADATA {huggingface: '{"info":{}}'})`,
 `SELECT file_name, sum(row_group_num_rows) n, min(row_group_id) FROM parquet_metadata('/tmp/dsx/shards/*.parquet') GROUP BY ALL ORDER BY 1`,
 `SELECT * FROM parquet_kv_metadata('/tmp/dsx/shards/data_0.parquet')`,
]) { let t=Date.now(); try { const r = await c.runAndReadAll(q); console.log('OK', Date.now()-t, q.slice(0,60), JSON.stringify(r.getRowObjectsJson()).slice(0,300)); } catch(e) { console.log('ERR', q.slice(0,60), e.message.slice(0,300)); } }
const r = await c.runAndReadAll(`SELECT id FROM read_parquet('/tmp/dsx/shards/data_1.parquet') LIMIT 1`); console.log(r.getRowObjectsJson());
