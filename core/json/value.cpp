#include "json/value.h"

#include <algorithm>
#include <atomic>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <new>

namespace tw::json {

// Heap blocks: one allocation each, header followed by the payload.
struct Value::HeapString {
    std::atomic<std::uint32_t> refs;
    std::uint32_t size;
    char* data() { return reinterpret_cast<char*>(this + 1); }
};
struct Value::HeapArray {
    std::atomic<std::uint32_t> refs;
    std::uint32_t size;
    Value* data() { return reinterpret_cast<Value*>(this + 1); }
};
struct Value::HeapObject {
    std::atomic<std::uint32_t> refs;
    std::uint32_t size;
    Member* data() { return reinterpret_cast<Member*>(this + 1); }
};
static_assert(sizeof(std::atomic<std::uint32_t>) == 4);

struct Access {
    static Value::HeapArray* newArray(std::size_t n)
    {
        void* mem = ::operator new(sizeof(Value::HeapArray) + n * sizeof(Value));
        auto* h = static_cast<Value::HeapArray*>(mem);
        new (&h->refs) std::atomic<std::uint32_t>(1);
        h->size = static_cast<std::uint32_t>(n);
        return h;
    }
    static Value::HeapObject* newObject(std::size_t n)
    {
        void* mem = ::operator new(sizeof(Value::HeapObject) + n * sizeof(Member));
        auto* h = static_cast<Value::HeapObject*>(mem);
        new (&h->refs) std::atomic<std::uint32_t>(1);
        h->size = static_cast<std::uint32_t>(n);
        return h;
    }
};

const char* typeName(Type t) noexcept
{
    switch (t) {
    case Type::Null: return "null";
    case Type::Bool: return "boolean";
    case Type::Number: return "number";
    case Type::String: return "string";
    case Type::Array: return "array";
    case Type::Object: return "object";
    }
    return "?";
}

void Value::initText(std::string_view s, Tag inlineTag, Tag heapTag)
{
    if (s.size() <= InlineCap) {
        m_raw.tag = inlineTag;
        m_raw.len = static_cast<std::uint8_t>(s.size());
        if (!s.empty())
            std::memcpy(m_raw.chars, s.data(), s.size());
        return;
    }
    void* mem = ::operator new(sizeof(HeapString) + s.size());
    auto* h = static_cast<HeapString*>(mem);
    new (&h->refs) std::atomic<std::uint32_t>(1);
    h->size = static_cast<std::uint32_t>(s.size());
    std::memcpy(h->data(), s.data(), s.size());
    m_heap.tag = heapTag;
    m_heap.s = h;
}

static std::string_view intText(char* buf, std::size_t cap, long long v)
{
    auto r = std::to_chars(buf, buf + cap, v);
    return {buf, static_cast<std::size_t>(r.ptr - buf)};
}

Value::Value(int v) : Value(static_cast<long long>(v)) { }
Value::Value(long v) : Value(static_cast<long long>(v)) { }
Value::Value(unsigned v) : Value(static_cast<unsigned long long>(v)) { }
Value::Value(unsigned long v) : Value(static_cast<unsigned long long>(v)) { }
Value::Value(long long v)
{
    char buf[32];
    initText(intText(buf, sizeof buf, v), TagNumInline, TagNumHeap);
}
Value::Value(unsigned long long v)
{
    char buf[32];
    auto r = std::to_chars(buf, buf + sizeof buf, v);
    initText({buf, static_cast<std::size_t>(r.ptr - buf)}, TagNumInline, TagNumHeap);
}
Value::Value(double v)
{
    if (!std::isfinite(v)) {
        m_raw.tag = TagNull;
        return;
    }
    char buf[64];
    auto r = std::to_chars(buf, buf + sizeof buf, v); // shortest round-trip form
    initText({buf, static_cast<std::size_t>(r.ptr - buf)}, TagNumInline, TagNumHeap);
}
Value::Value(std::string_view s) { initText(s, TagStrInline, TagStrHeap); }

Value Value::number(std::string_view jsonText)
{
    Value v;
    v.initText(jsonText, TagNumInline, TagNumHeap);
    return v;
}

Value::Value(std::vector<Value> items)
{
    m_heap.tag = TagArray;
    m_heap.p = nullptr;
    if (items.empty())
        return;
    HeapArray* h = Access::newArray(items.size());
    Value* d = h->data();
    for (std::size_t i = 0; i < items.size(); ++i)
        new (d + i) Value(std::move(items[i]));
    m_heap.a = h;
}

Value::Value(std::vector<Member> members)
{
    m_heap.tag = TagObject;
    m_heap.p = nullptr;
    if (members.empty())
        return;
    HeapObject* h = Access::newObject(members.size());
    Member* d = h->data();
    for (std::size_t i = 0; i < members.size(); ++i)
        new (d + i) Member(std::move(members[i]));
    m_heap.o = h;
}

Value::Value(std::initializer_list<Member> members) : Value(std::vector<Member>(members)) { }

Value Value::arrayFromRange(Value* first, std::size_t n)
{
    Value v;
    v.m_heap.tag = TagArray;
    v.m_heap.p = nullptr;
    if (n == 0)
        return v;
    HeapArray* h = Access::newArray(n);
    Value* d = h->data();
    for (std::size_t i = 0; i < n; ++i)
        new (d + i) Value(std::move(first[i]));
    v.m_heap.a = h;
    return v;
}

Value Value::objectFromRange(Member* first, std::size_t n)
{
    Value v;
    v.m_heap.tag = TagObject;
    v.m_heap.p = nullptr;
    if (n == 0)
        return v;
    HeapObject* h = Access::newObject(n);
    Member* d = h->data();
    for (std::size_t i = 0; i < n; ++i)
        new (d + i) Member(std::move(first[i]));
    v.m_heap.o = h;
    return v;
}

Value Value::object(std::vector<Member> members) { return Value(std::move(members)); }
Value Value::emptyObject() { return Value(std::vector<Member>{}); }

Value& Value::operator=(const Value& o) noexcept
{
    if (this != &o) {
        o.retain();
        release();
        // Value is a tagged union with manual reference counting (retain/release): a
        // bitwise copy is its copy. NOLINTNEXTLINE(bugprone-undefined-memory-manipulation)
        std::memcpy(static_cast<void*>(this), &o, sizeof(Value));
    }
    return *this;
}
Value& Value::operator=(Value&& o) noexcept
{
    if (this != &o) {
        release();
        // NOLINTNEXTLINE(bugprone-undefined-memory-manipulation): as above, the move is a bitwise copy
        std::memcpy(static_cast<void*>(this), &o, sizeof(Value));
        o.m_raw.tag = TagNull;
    }
    return *this;
}
void Value::retainSlow() const noexcept
{
    if (!m_heap.p)
        return; // empty array or object
    // All heap blocks start with the same refcount header.
    static_cast<HeapString*>(m_heap.p)->refs.fetch_add(1, std::memory_order_relaxed);
}

void Value::releaseSlow() noexcept
{
    if (!m_heap.p)
        return; // empty array or object
    auto* hdr = static_cast<HeapString*>(m_heap.p);
    if (hdr->refs.fetch_sub(1, std::memory_order_acq_rel) != 1)
        return;
    if (m_raw.tag == TagArray) {
        HeapArray* h = m_heap.a;
        for (std::uint32_t i = 0; i < h->size; ++i)
            h->data()[i].~Value();
    } else if (m_raw.tag == TagObject) {
        HeapObject* h = m_heap.o;
        for (std::uint32_t i = 0; i < h->size; ++i)
            h->data()[i].~Member();
    }
    ::operator delete(m_heap.p);
}

double Value::toDouble(double fallback) const noexcept
{
    if (!isNumber())
        return fallback;
    std::string_view t = text();
    double d = 0;
    auto r = std::from_chars(t.data(), t.data() + t.size(), d);
    if (r.ec == std::errc::result_out_of_range) // from_chars leaves d unset on overflow
        return std::strtod(std::string(t).c_str(), nullptr);
    return d;
}

std::optional<long long> Value::toInt() const noexcept
{
    if (!isNumber())
        return std::nullopt;
    std::string_view t = text();
    long long v = 0;
    auto r = std::from_chars(t.data(), t.data() + t.size(), v);
    if (r.ec == std::errc() && r.ptr == t.data() + t.size())
        return v;
    double d = toDouble();
    if (std::isfinite(d) && std::trunc(d) == d && std::fabs(d) < 9.2e18)
        return static_cast<long long>(d);
    return std::nullopt;
}

bool Value::isInteger() const noexcept
{
    if (!isNumber())
        return false;
    std::string_view t = text();
    if (t.find_first_of(".eE") == std::string_view::npos)
        return true;
    double d = toDouble();
    return std::isfinite(d) && std::trunc(d) == d;
}

const Value* Value::find(std::string_view key) const noexcept
{
    for (const Member& m : members())
        if (m.key.text() == key)
            return &m.value;
    return nullptr;
}

const Value& Value::nullValue() noexcept
{
    static const Value null;
    return null;
}

const Value& Value::operator[](std::string_view key) const noexcept
{
    const Value* v = find(key);
    return v ? *v : nullValue();
}

const Value& Value::at(std::size_t index) const noexcept
{
    auto it = items();
    return index < it.size() ? it[index] : nullValue();
}

Value Value::set(std::string_view key, Value v) const
{
    ObjectBuilder b(*this);
    b.set(key, std::move(v));
    return std::move(b).build();
}

Value Value::remove(std::string_view key) const
{
    ObjectBuilder b(*this);
    b.remove(key);
    return std::move(b).build();
}

Value Value::appended(Value v) const
{
    auto it = items();
    std::vector<Value> out(it.begin(), it.end());
    out.push_back(std::move(v));
    return Value(std::move(out));
}

static bool numbersEqual(std::string_view a, std::string_view b, double da, double db)
{
    if (a == b)
        return true;
    const bool ia = a.find_first_of(".eE") == std::string_view::npos;
    const bool ib = b.find_first_of(".eE") == std::string_view::npos;
    if (ia && ib) {
        // Integers compare exactly, whatever their size ("-0" equals "0").
        auto norm = [](std::string_view s) { return (s == "-0") ? std::string_view("0") : s; };
        return norm(a) == norm(b);
    }
    return da == db;
}

bool operator==(const Value& a, const Value& b) noexcept
{
    const Type ta = a.type();
    if (ta != b.type())
        return false;
    switch (ta) {
    case Type::Null: return true;
    case Type::Bool: return a.toBool() == b.toBool();
    case Type::Number: return numbersEqual(a.text(), b.text(), a.toDouble(), b.toDouble());
    case Type::String: return a.text() == b.text();
    case Type::Array: {
        auto x = a.items(), y = b.items();
        if (x.size() != y.size())
            return false;
        for (std::size_t i = 0; i < x.size(); ++i)
            if (!(x[i] == y[i]))
                return false;
        return true;
    }
    case Type::Object: {
        auto x = a.members(), y = b.members();
        if (x.size() != y.size())
            return false;
        for (std::size_t i = 0; i < x.size(); ++i) {
            // Fast path for identical order.
            const Value* other = (y[i].key.text() == x[i].key.text()) ? &y[i].value : b.find(x[i].key.text());
            if (!other || !(x[i].value == *other))
                return false;
        }
        return true;
    }
    }
    return false;
}

bool Value::identical(const Value& o) const noexcept
{
    const Type t = type();
    if (t != o.type())
        return false;
    switch (t) {
    case Type::Null: return true;
    case Type::Bool: return toBool() == o.toBool();
    case Type::Number:
    case Type::String: return text() == o.text();
    case Type::Array: {
        auto x = items(), y = o.items();
        if (x.size() != y.size())
            return false;
        for (std::size_t i = 0; i < x.size(); ++i)
            if (!x[i].identical(y[i]))
                return false;
        return true;
    }
    case Type::Object: {
        auto x = members(), y = o.members();
        if (x.size() != y.size())
            return false;
        for (std::size_t i = 0; i < x.size(); ++i)
            if (x[i].key.text() != y[i].key.text() || !x[i].value.identical(y[i].value))
                return false;
        return true;
    }
    }
    return false;
}

ObjectBuilder::ObjectBuilder(const Value& start)
{
    auto m = start.members();
    m_members.assign(m.begin(), m.end());
}

ObjectBuilder& ObjectBuilder::set(std::string_view key, Value v)
{
    for (Member& m : m_members) {
        if (m.key.str() == key) {
            m.value = std::move(v);
            return *this;
        }
    }
    m_members.emplace_back(key, std::move(v));
    return *this;
}

ObjectBuilder& ObjectBuilder::append(std::string_view key, Value v)
{
    m_members.emplace_back(key, std::move(v));
    return *this;
}

ObjectBuilder& ObjectBuilder::remove(std::string_view key)
{
    m_members.erase(std::remove_if(m_members.begin(), m_members.end(), [key](const Member& m) { return m.key.str() == key; }), m_members.end());
    return *this;
}

const Value* ObjectBuilder::find(std::string_view key) const
{
    for (const Member& m : m_members)
        if (m.key.str() == key)
            return &m.value;
    return nullptr;
}

Value ObjectBuilder::build() && { return Value(std::move(m_members)); }
Value ObjectBuilder::build() const& { return Value(m_members); }

std::string escapePointerToken(std::string_view token)
{
    std::string out;
    out.reserve(token.size());
    for (char c : token) {
        if (c == '~')
            out += "~0";
        else if (c == '/')
            out += "~1";
        else
            out += c;
    }
    return out;
}

} // namespace tw::json
