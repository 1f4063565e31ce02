#pragma once
// Keys never reach views, logs or exports. Everything that shows a request goes through
// these functions: secrets become "sk-…abcd" (a recognisable head and the last four
// characters), in headers, URL query parameters and free text.

#include "net/httpserver.h" // HeaderList

#include <QString>
#include <QStringList>
#include <QUrl>

#include <string>
#include <string_view>

namespace tw::net {

// "sk-proj-abcdef123456wxyz" → "sk-…wxyz"; short secrets become "…" entirely.
std::string redactSecret(std::string_view secret);
// True for header names that carry credentials (Authorization, x-api-key, x-goog-api-key,
// api-key, cookie, and any name containing "key", "token", "secret" or "auth").
bool isSecretHeader(const QByteArray& name);
HeaderList redactHeaders(const HeaderList& headers);
// Query parameters that carry credentials (key, api_key, apikey, token, access_token, ...).
QUrl redactUrl(const QUrl& url);
// Replaces every occurrence of each secret in text (at least 8 characters long) with its
// redacted form, spelled literally or with JSON string escapes (\u0073\u006b..., \/): the
// last line of defence for bodies, logs and error messages.
QByteArray scrub(const QByteArray& text, const QStringList& secrets);

} // namespace tw::net
