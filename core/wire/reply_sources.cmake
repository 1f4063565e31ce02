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
)
