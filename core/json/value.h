#pragma once
// tw::json::Value — the order-preserving, immutable JSON value every wire payload is held in.
//
// Why not QJsonObject: it sorts keys, and schema property order is data (it changes what
// models generate and is what users compare against provider docs). Why not nlohmann or
// Boost.JSON: see docs/json.md (speed, number text, ordering).
//
// Contract:
//  * Objects keep member order exactly as built or parsed. Arrays keep order.
//  * Numbers keep their source text ("1.0" stays "1.0", big integers stay exact).
//  * Strings are UTF-8 byte strings and may contain NUL.
//  * Values are immutable and cheap to copy (16 bytes; small strings and numbers inline,
//    everything else shared through an atomic reference count), so a converted payload can
//    share the input's schema subtree instead of copying it. Safe to share across threads.
//  * Lookups by key return the first member with that key (the parser folds duplicates).

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace tw::json {

enum class Type : std::uint8_t {
    Null,
    Bool,
    Number,
    String,
    Array,
    Object
};

const char* typeName(Type t) noexcept;

struct Member;

class Value {
public:
    Value() noexcept { m_raw.tag = TagNull; }
    Value(std::nullptr_t) noexcept : Value() { }
    Value(bool b) noexcept
    {
        m_raw.tag = TagBool;
        m_heap.b = b;
    }
    Value(int v);
    Value(long v);
    Value(long long v);
    Value(unsigned v);
    Value(unsigned long v);
    Value(unsigned long long v);
    Value(double v); // non-finite doubles become null (JSON has no NaN/Infinity)
    Value(std::string_view s);
    Value(const char* s) : Value(std::string_view(s)) { }
    Value(const std::string& s) : Value(std::string_view(s)) { }
    explicit Value(std::vector<Value> items); // array
    explicit Value(std::vector<Member> members); // object (no duplicate check)
    Value(std::initializer_list<Member> members); // object literal: {{"type", "object"}, ...}

    // A number from its JSON text; the caller guarantees JSON number grammar.
    static Value number(std::string_view jsonText);
    static Value array(std::vector<Value> items = {}) { return Value(std::move(items)); }
    static Value object(std::vector<Member> members); // (no default: Member is incomplete here, which clang rejects)
    static Value emptyObject();
    // Build from a range, moving the elements out of it (the parser's no-copy path).
    static Value arrayFromRange(Value* first, std::size_t n);
    static Value objectFromRange(Member* first, std::size_t n);

    Value(const Value& o) noexcept
    {
        m_heap = o.m_heap;
        if (m_raw.tag >= TagNumHeap)
            retainSlow();
    }
    Value(Value&& o) noexcept
    {
        m_heap = o.m_heap;
        o.m_raw.tag = TagNull;
    }
    Value& operator=(const Value& o) noexcept;
    Value& operator=(Value&& o) noexcept;
    ~Value()
    {
        if (m_raw.tag >= TagNumHeap)
            releaseSlow();
    }

    Type type() const noexcept
    {
        constexpr Type map[] = {Type::Null, Type::Bool, Type::Number, Type::String, Type::Number, Type::String, Type::Array, Type::Object};
        return map[m_raw.tag];
    }
    bool isNull() const noexcept { return m_raw.tag == TagNull; }
    bool isBool() const noexcept { return m_raw.tag == TagBool; }
    bool isNumber() const noexcept { return m_raw.tag == TagNumInline || m_raw.tag == TagNumHeap; }
    bool isString() const noexcept { return m_raw.tag == TagStrInline || m_raw.tag == TagStrHeap; }
    bool isArray() const noexcept { return m_raw.tag == TagArray; }
    bool isObject() const noexcept { return m_raw.tag == TagObject; }

    bool toBool(bool fallback = false) const noexcept { return isBool() ? m_heap.b : fallback; }
    double toDouble(double fallback = 0) const noexcept;
    // The exact integer when the number's value is an integer that fits int64.
    std::optional<long long> toInt() const noexcept;
    bool isInteger() const noexcept; // number with an integral value (1, 1.0, 1e2)
    std::string_view numberText() const noexcept { return isNumber() ? text() : std::string_view(); } // empty unless a number
    std::string_view str() const noexcept { return isString() ? text() : std::string_view(); } // empty unless a string
    std::string toStdString() const { return std::string(str()); }

    std::size_t size() const noexcept // array items or object members; 0 otherwise
    {
        return (m_raw.tag >= TagArray && m_heap.p) ? static_cast<const HeapHeader*>(m_heap.p)->size : 0;
    }
    bool empty() const noexcept { return size() == 0; }
    inline std::span<const Value> items() const noexcept; // empty unless an array
    inline std::span<const Member> members() const noexcept; // empty unless an object

    // Object lookup (first member named key), nullptr when absent or not an object.
    const Value* find(std::string_view key) const noexcept;
    bool contains(std::string_view key) const noexcept { return find(key) != nullptr; }
    // Object member or array item, or a shared null value when absent.
    const Value& operator[](std::string_view key) const noexcept;
    const Value& operator[](const char* key) const noexcept { return (*this)[std::string_view(key)]; }
    const Value& at(std::size_t index) const noexcept;

    // Copies with one change. set(): replace the first member named key in place, or append.
    Value set(std::string_view key, Value v) const;
    Value remove(std::string_view key) const;
    Value appended(Value v) const; // arrays

    // JSON equality: numbers by value, objects ignore member order, arrays don't.
    friend bool operator==(const Value& a, const Value& b) noexcept;
    // Byte-for-byte identity of the serialized forms (order and number text matter).
    bool identical(const Value& o) const noexcept;

    static const Value& nullValue() noexcept;

private:
    friend class Parser;
    friend struct Access;
    // Heap-backed tags sort last so "may own a block" is one comparison.
    enum Tag : std::uint8_t {
        TagNull,
        TagBool,
        TagNumInline,
        TagStrInline,
        TagNumHeap,
        TagStrHeap,
        TagArray,
        TagObject
    };
    static constexpr std::size_t InlineCap = 14;

    struct HeapString;
    struct HeapArray;
    struct HeapObject;
    struct HeapHeader {
        std::uint32_t refs; // the layout of every heap block (value.cpp): refcount, then size
        std::uint32_t size;
    };

    void initText(std::string_view s, Tag inlineTag, Tag heapTag);
    void retainSlow() const noexcept;
    void releaseSlow() noexcept;
    void retain() const noexcept
    {
        if (m_raw.tag >= TagNumHeap)
            retainSlow();
    }
    void release() noexcept
    {
        if (m_raw.tag >= TagNumHeap)
            releaseSlow();
    }
    std::string_view text() const noexcept
    {
        if (m_raw.tag <= TagStrInline)
            return {m_raw.chars, m_raw.len};
        auto* h = static_cast<const HeapHeader*>(m_heap.p);
        return {reinterpret_cast<const char*>(h + 1), h->size};
    }

    struct Raw {
        std::uint8_t tag;
        std::uint8_t len;
        char chars[InlineCap];
    };
    struct HeapRef {
        std::uint8_t tag;
        std::uint8_t pad[7];
        union {
            bool b;
            void* p;
            HeapString* s;
            HeapArray* a;
            HeapObject* o;
        };
    };
    union {
        Raw m_raw;
        HeapRef m_heap;
    };
};

struct Member {
    Value key; // always a string
    Value value;

    Member() = default;
    Member(std::string_view k, Value v) : key(k), value(std::move(v)) { }
    Member(const char* k, Value v) : key(std::string_view(k)), value(std::move(v)) { }
    Member(Value k, Value v) : key(std::move(k)), value(std::move(v)) { }
    std::string_view name() const noexcept { return key.str(); }
};

static_assert(sizeof(Value) == 16);

inline std::span<const Value> Value::items() const noexcept
{
    if (m_raw.tag != TagArray || !m_heap.p)
        return {};
    auto* h = static_cast<const HeapHeader*>(m_heap.p);
    return {reinterpret_cast<const Value*>(h + 1), h->size};
}

inline std::span<const Member> Value::members() const noexcept
{
    if (m_raw.tag != TagObject || !m_heap.p)
        return {};
    auto* h = static_cast<const HeapHeader*>(m_heap.p);
    return {reinterpret_cast<const Member*>(h + 1), h->size};
}

// Builds an object member by member; set() keeps the first position of a key.
class ObjectBuilder {
public:
    ObjectBuilder() = default;
    explicit ObjectBuilder(const Value& start); // copy the members of an object
    ObjectBuilder& set(std::string_view key, Value v);
    ObjectBuilder& append(std::string_view key, Value v); // caller guarantees the key is new
    ObjectBuilder& remove(std::string_view key);
    const Value* find(std::string_view key) const;
    bool empty() const { return m_members.empty(); }
    Value build() &&;
    Value build() const&;

private:
    std::vector<Member> m_members;
};

// RFC 6901 pointer text for one reference token ("a/b" -> "a~1b").
std::string escapePointerToken(std::string_view token);

} // namespace tw::json
