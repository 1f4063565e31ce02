#include "tokens/bpe.h"

#include <QFile>
#include <QRegularExpression>
#include <QString>
#include <QStringDecoder>

#include <algorithm>
#include <cstring>
#include <mutex>
#include <queue>

namespace tw::tokens {

namespace {

constexpr std::string_view kMagic = "TWBPE1\n";

// tiktoken's o200k_base pattern (tiktoken_ext/openai_public.py, the same text as the npm
// package's pat_str), in PCRE2 spelling. One deliberate change of notation, none of
// meaning: \s and \S are written out as Unicode White_Space, which is what tiktoken's Rust
// regex engine means by \s (PCRE2's \s misses U+0085; JavaScript's adds U+FEFF). The
// contractions are spelled case by case as in the npm package's pattern ((?i:'s|...) in
// tiktoken's).
const QString& o200kPattern()
{
    static const QString ws = QStringLiteral("\\t-\\r\\x{20}\\x{85}\\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}");
    static const QString contractions = QStringLiteral("(?:'s|'S|'t|'T|'re|'rE|'Re|'RE|'ve|'vE|'Ve|'VE|'m|'M|'ll|'lL|'Ll|'LL|'d|'D)?");
    static const QString upper = QStringLiteral("[\\p{Lu}\\p{Lt}\\p{Lm}\\p{Lo}\\p{M}]");
    static const QString lower = QStringLiteral("[\\p{Ll}\\p{Lm}\\p{Lo}\\p{M}]");
    static const QString lead = QStringLiteral("[^\\r\\n\\p{L}\\p{N}]?");
    static const QString p = lead + upper + u'*' + lower + u'+' + contractions //
        + u'|' + lead + upper + u'+' + lower + u'*' + contractions //
        + QStringLiteral("|\\p{N}{1,3}") //
        + QStringLiteral("| ?[^") + ws + QStringLiteral("\\p{L}\\p{N}]+[\\r\\n/]*") //
        + QStringLiteral("|[") + ws + QStringLiteral("]*[\\r\\n]+") //
        + QStringLiteral("|[") + ws + QStringLiteral("]+(?![^") + ws + QStringLiteral("])") //
        + QStringLiteral("|[") + ws + QStringLiteral("]+");
    return p;
}

// UTF-8 to UTF-16 keeping a leading byte-order mark (QString::fromUtf8 drops it, and it is
// text that costs tokens like any other); invalid sequences become U+FFFD.
QString decode(std::string_view utf8)
{
    QStringDecoder decoder(QStringConverter::Utf8, QStringConverter::Flag::ConvertInitialBom);
    return decoder.decode(QByteArrayView(utf8.data(), qsizetype(utf8.size())));
}

// A hash of a token's bytes for the rank table: tokens are short (most under 8 bytes), so
// whole 8-byte words are mixed in, not one byte at a time.
std::uint64_t hashBytes(std::string_view s) noexcept
{
    std::uint64_t h = 0x9e3779b97f4a7c15ULL ^ s.size();
    const char* p = s.data();
    std::size_t n = s.size();
    for (; n >= 8; p += 8, n -= 8) {
        std::uint64_t w = 0;
        std::memcpy(&w, p, 8);
        h = (h ^ w) * 0xbf58476d1ce4e5b9ULL;
        h ^= h >> 31;
    }
    std::uint64_t w = 0;
    std::memcpy(&w, p, n);
    h = (h ^ w) * 0x94d049bb133111ebULL;
    return h ^ (h >> 29);
}

} // namespace

struct Encoding::Impl {
    std::string data; // the ranks file; the views below point into it
    std::vector<std::string_view> byRank;
    // Bytes to rank: an open-addressing table (linear probing, at most half full). A slot is
    // rank + 1 in its low 32 bits (0: empty) and the high 32 bits of the token's hash in its
    // high ones, so a probe compares bytes only when the hashes agree. One allocation (4 MB
    // for o200k's 200k ranks, where a node-based map made 200k), filled in the order of the
    // tokens' home slots (build()), so the fill walks the table once instead of missing the
    // cache on every insert: building the table was most of the first token count, on the GUI
    // thread when a window first drew a wire tab (~35 ms with the map, ~11 ms with random
    // inserts).
    std::vector<std::uint64_t> slots;
    std::size_t mask = 0;
    QRegularExpression pattern{o200kPattern(), QRegularExpression::UseUnicodePropertiesOption};

    static std::uint32_t tagOf(std::uint64_t hash) { return std::uint32_t(hash >> 32); }

    // Fills the table from byRank; a token whose bytes an earlier rank has already is
    // reported as that later rank (its number), std::nullopt when all are distinct.
    std::optional<std::uint32_t> build()
    {
        const std::size_t n = byRank.size();
        std::size_t size = 16;
        while (size < 2 * n)
            size *= 2;
        slots.assign(size, 0);
        mask = size - 1;
        std::vector<std::uint64_t> hashes(n);
        for (std::size_t r = 0; r < n; ++r)
            hashes[r] = hashBytes(byRank[r]);
        // A counting sort of the ranks by the top bits of their home slot.
        int bits = 0;
        while ((std::size_t(1) << bits) < size)
            ++bits;
        const int shift = std::max(0, bits - 16);
        std::vector<std::uint32_t> start((size >> shift) + 1, 0);
        for (std::size_t r = 0; r < n; ++r)
            ++start[((hashes[r] & mask) >> shift) + 1];
        for (std::size_t b = 1; b < start.size(); ++b)
            start[b] += start[b - 1];
        std::vector<std::uint32_t> order(n);
        for (std::size_t r = 0; r < n; ++r)
            order[start[(hashes[r] & mask) >> shift]++] = std::uint32_t(r);
        std::optional<std::uint32_t> repeated;
        for (const std::uint32_t r : order) {
            const std::uint64_t h = hashes[r];
            const std::uint64_t entry = std::uint64_t(tagOf(h)) << 32 | (r + 1);
            for (std::size_t i = h & mask;; i = (i + 1) & mask) {
                const std::uint64_t slot = slots[i];
                if (slot == 0) {
                    slots[i] = entry;
                    break;
                }
                if (tagOf(slot) == tagOf(entry) && byRank[std::uint32_t(slot) - 1] == byRank[r]) {
                    const std::uint32_t later = std::max(r, std::uint32_t(slot) - 1);
                    repeated = repeated ? std::min(*repeated, later) : later;
                    break;
                }
            }
        }
        return repeated;
    }

    std::optional<std::uint32_t> rank(std::string_view bytes) const
    {
        const std::uint64_t h = hashBytes(bytes);
        for (std::size_t i = h & mask;; i = (i + 1) & mask) {
            const std::uint64_t slot = slots[i];
            if (slot == 0)
                return std::nullopt;
            const std::uint32_t r = std::uint32_t(slot) - 1;
            if (tagOf(slot) == tagOf(h) && byRank[r] == bytes)
                return r;
        }
    }

    // tiktoken's byte_pair_merge: repeatedly merge the adjacent pair whose bytes have the
    // lowest rank (the leftmost of equal ones) until no adjacent pair is a token. A heap of
    // candidate pairs with lazy invalidation keeps long pieces (base64, long runs of one
    // character) at n log n instead of n^2; the order of merges is the same.
    void encodePiece(std::string_view piece, std::vector<std::uint32_t>& out) const
    {
        if (auto whole = rank(piece)) {
            out.push_back(*whole);
            return;
        }
        const std::size_t n = piece.size();
        // Parts are identified by their start offset; next[i] is the start of the part after
        // the part starting at i (n: none); alive[i] whether a part starts at i.
        std::vector<std::size_t> next(n), prev(n);
        std::vector<char> alive(n, 1);
        for (std::size_t i = 0; i < n; ++i) {
            next[i] = i + 1;
            prev[i] = i == 0 ? n : i - 1;
        }
        struct Pair {
            std::uint32_t rank;
            std::size_t start;
            std::size_t end; // end of the right part when the pair was ranked
            bool operator>(const Pair& o) const { return rank != o.rank ? rank > o.rank : start > o.start; }
        };
        std::priority_queue<Pair, std::vector<Pair>, std::greater<Pair>> heap;
        auto consider = [&](std::size_t i) {
            if (i >= n || next[i] >= n)
                return;
            const std::size_t end = next[next[i]];
            if (auto r = rank(piece.substr(i, end - i)))
                heap.push({*r, i, end});
        };
        for (std::size_t i = 0; i + 1 < n; ++i)
            consider(i);
        while (!heap.empty()) {
            const Pair p = heap.top();
            heap.pop();
            if (!alive[p.start] || next[p.start] >= n || next[next[p.start]] != p.end)
                continue; // stale: one of its parts has been merged since
            const std::size_t right = next[p.start];
            alive[right] = 0;
            next[p.start] = next[right];
            if (next[right] < n)
                prev[next[right]] = p.start;
            if (prev[p.start] < n)
                consider(prev[p.start]);
            consider(p.start);
        }
        for (std::size_t i = 0; i < n; i = next[i]) {
            if (auto r = rank(piece.substr(i, next[i] - i)))
                out.push_back(*r);
        }
    }
};

Encoding::Encoding() : d(std::make_unique<Impl>()) { }
Encoding::~Encoding() = default;

Result<std::unique_ptr<Encoding>> Encoding::fromRanks(std::string data)
{
    auto bad = [](std::size_t at, const std::string& what) {
        return makeError("bad_ranks", "token ranks, byte " + std::to_string(at) + ": " + what);
    };
    if (data.size() < kMagic.size() + 4 || std::string_view(data).substr(0, kMagic.size()) != kMagic)
        return bad(0, "not a ranks file (no TWBPE1 header)");
    std::unique_ptr<Encoding> e(new Encoding);
    Impl& im = *e->d;
    im.data = std::move(data);
    const auto* p = reinterpret_cast<const unsigned char*>(im.data.data());
    std::size_t at = kMagic.size();
    const std::uint32_t count =
        std::uint32_t(p[at]) | std::uint32_t(p[at + 1]) << 8 | std::uint32_t(p[at + 2]) << 16 | std::uint32_t(p[at + 3]) << 24;
    at += 4;
    if (count > (std::uint32_t(1) << 30))
        return bad(kMagic.size(), "claims " + std::to_string(count) + " ranks");
    im.byRank.reserve(count);
    for (std::uint32_t r = 0; r < count; ++r) {
        if (at >= im.data.size())
            return bad(at, "ends after " + std::to_string(r) + " of " + std::to_string(count) + " ranks");
        const std::size_t len = p[at++];
        if (len == 0 || at + len > im.data.size())
            return bad(at - 1, "rank " + std::to_string(r) + " has a bad length");
        const std::string_view bytes(im.data.data() + at, len);
        at += len;
        im.byRank.push_back(bytes);
    }
    if (at != im.data.size())
        return bad(at, "data after the last rank");
    if (const auto repeated = im.build())
        return bad(std::size_t(im.byRank[*repeated].data() - im.data.data()), "rank " + std::to_string(*repeated) + " repeats an earlier token");
    if (!im.pattern.isValid())
        return makeError("bad_pattern", "the pre-tokenizer pattern does not compile: " + im.pattern.errorString().toStdString());
    return e;
}

Result<const Encoding*> Encoding::o200k()
{
    static std::once_flag once;
    static std::unique_ptr<Encoding> loaded;
    static Error failure;
    std::call_once(once, [] {
        QFile f(QStringLiteral(":/tokens/tokenizer/o200k_base.ranks"));
        if (!f.open(QIODevice::ReadOnly)) {
            failure = makeError("missing_ranks", "the o200k_base ranks resource is not in this build");
            return;
        }
        const QByteArray bytes = f.readAll();
        auto e = fromRanks(std::string(bytes.constData(), std::size_t(bytes.size())));
        if (!e)
            failure = e.error();
        else
            loaded = std::move(*e);
    });
    if (!loaded)
        return failure;
    return static_cast<const Encoding*>(loaded.get());
}

std::vector<std::string> Encoding::pieces(std::string_view utf8) const
{
    std::vector<std::string> out;
    const QString text = decode(utf8);
    auto it = d->pattern.globalMatch(text);
    while (it.hasNext()) {
        const QRegularExpressionMatch m = it.next();
        const QByteArray piece = m.capturedView(0).toUtf8();
        out.emplace_back(piece.constData(), std::size_t(piece.size()));
    }
    return out;
}

std::vector<std::uint32_t> Encoding::encode(std::string_view utf8) const
{
    std::vector<std::uint32_t> out;
    if (utf8.empty())
        return out;
    const QString text = decode(utf8);
    auto it = d->pattern.globalMatch(text);
    while (it.hasNext()) {
        const QRegularExpressionMatch m = it.next();
        const QByteArray piece = m.capturedView(0).toUtf8();
        d->encodePiece(std::string_view(piece.constData(), std::size_t(piece.size())), out);
    }
    return out;
}

std::string_view Encoding::bytes(std::uint32_t rank) const noexcept { return rank < d->byRank.size() ? d->byRank[rank] : std::string_view(); }

std::size_t Encoding::size() const noexcept { return d->byRank.size(); }

} // namespace tw::tokens
