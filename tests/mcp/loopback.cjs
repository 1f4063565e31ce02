// Preloaded into third-party test servers (node --require loopback.cjs ...): makes
// net.Server.prototype.listen default to 127.0.0.1, so servers that listen on all interfaces
// and have no host option stay on loopback during tests.
'use strict';
const net = require('net');
const original = net.Server.prototype.listen;
net.Server.prototype.listen = function (...args) {
  // listen(port[, backlog][, cb]) or listen({port, ...}[, cb]): add the host when absent.
  if (typeof args[0] === 'number' || (typeof args[0] === 'string' && /^\d+$/.test(args[0]))) {
    const port = Number(args[0]);
    const rest = args.slice(1).filter((a) => typeof a === 'function');
    return original.call(this, { port, host: '127.0.0.1' }, ...rest);
  }
  if (args[0] && typeof args[0] === 'object' && !('path' in args[0]) && !args[0].host) {
    args[0] = Object.assign({}, args[0], { host: '127.0.0.1' });
  }
  return original.apply(this, args);
};
