// A hostile MCP stdio server for tests/mcp/tst_mcp.cpp (hand-written behaviour, not a
// recording). node hostile.cjs MODE:
//   broken  answers every request with a cut-off JSON line that still names the request id
//   banner  writes log lines and a non-message object to stdout around answers that are
//           right (a 2025-11-25 server: server/discover is -32601)
//   spew    after the first request, writes one endless stdout line
'use strict';
const mode = process.argv[2];
const out = (s) => process.stdout.write(s + '\n');
if (mode === 'banner') out('hostile server starting (this line is not JSON-RPC)');
let buffer = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  buffer += chunk;
  let nl;
  while ((nl = buffer.indexOf('\n')) >= 0) {
    const line = buffer.slice(0, nl);
    buffer = buffer.slice(nl + 1);
    if (line.trim()) handle(JSON.parse(line));
  }
});

function handle(msg) {
  if (mode === 'spew') {
    const block = 'a'.repeat(65536);
    const pump = () => { while (process.stdout.write(block)) {} process.stdout.once('drain', pump); };
    pump();
    return;
  }
  if (msg.id === undefined) return;
  if (mode === 'broken') {
    out('{"jsonrpc":"2.0","id":' + JSON.stringify(msg.id) + ',"result":{"protocolVersion":');
    return;
  }
  out('log: got ' + msg.method);
  out(JSON.stringify({ hello: 'world' }));
  const reply = (result) => out(JSON.stringify({ jsonrpc: '2.0', id: msg.id, result }));
  if (msg.method === 'initialize')
    reply({ protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'hostile', version: '1' } });
  else if (msg.method === 'tools/list')
    reply({ tools: [{ name: 'echo', inputSchema: { type: 'object' } }] });
  else if (msg.method === 'tools/call')
    reply({ content: [{ type: 'text', text: 'echo ' + JSON.stringify(msg.params.arguments) }] });
  else out(JSON.stringify({ jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: 'Method not found' } }));
}
