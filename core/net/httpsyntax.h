#pragma once
// HTTP/1.1 number syntax shared by the server's request parser and the client's response
// reader: both read sizes a hostile peer chose, so both refuse anything that could overflow.

#include <QByteArrayView>

#include <optional>

namespace tw::net {

// A Content-Length: decimal digits only (surrounding spaces allowed, none inside), at most
// 18 of them, so the value always fits a qint64.
std::optional<qint64> parseHttpDecimal(QByteArrayView text);

// A chunk size: hex digits only, at most 15 significant ones (below 2^60: no overflow).
std::optional<qint64> parseHttpHex(QByteArrayView text);

} // namespace tw::net
