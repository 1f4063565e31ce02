# The reply side of the wire dialects (paths relative to core/): the canonical call, framing
# (SSE, JSON sequences), the per-wire reply dialects and stream assemblers.
list(APPEND TOOLWIRE_REPLY_SOURCES
  model/toolcall.h model/toolcall.cpp
  wire/reply.h
  wire/sse.h wire/sse.cpp
  wire/ndjson.h wire/ndjson.cpp
  wire/common_reply.cpp
  wire/common_reply_stream.cpp
  wire/common_reply_scan.h wire/common_reply_scan.cpp
  wire/common_reply_walk.h
  wire/openai/reply.h wire/openai/reply.cpp
  wire/responses/reply.h wire/responses/reply.cpp
  wire/anthropic/reply.h wire/anthropic/reply.cpp
  wire/gemini/reply.h wire/gemini/reply.cpp
  wire/ollama/reply.h wire/ollama/reply.cpp
  wire/hermes/reply.h wire/hermes/reply.cpp
)
