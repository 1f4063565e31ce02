#pragma once
// Failures are values in core: Result<T> holds either a T or an Error. GCC 12 has no
// std::expected, so this is the project's own small equivalent. Exceptions never leave core.

#include <string>
#include <utility>
#include <variant>

namespace tw {

// An error as every layer reports it: a machine-readable category (the conformance
// corpus' categories, e.g. "unknown_wire", "invalid_field:name", or "invalid_json"), a JSON
// pointer or dotted path to the offending place (may be empty), and a human message.
struct Error {
    std::string category;
    std::string path;
    std::string message;

    friend bool operator==(const Error&, const Error&) = default;
};

inline Error makeError(std::string category, std::string message = {}, std::string path = {})
{
    return Error{std::move(category), std::move(path), std::move(message)};
}

template <class T, class E = Error> class [[nodiscard]] Result {
public:
    Result(T value) : m_v(std::in_place_index<0>, std::move(value)) { }
    Result(E error) : m_v(std::in_place_index<1>, std::move(error)) { }

    bool ok() const noexcept { return m_v.index() == 0; }
    explicit operator bool() const noexcept { return ok(); }

    const T& value() const& { return std::get<0>(m_v); }
    T& value() & { return std::get<0>(m_v); }
    T&& value() && { return std::get<0>(std::move(m_v)); }
    const T& operator*() const& { return value(); }
    T& operator*() & { return value(); }
    const T* operator->() const { return &std::get<0>(m_v); }
    T* operator->() { return &std::get<0>(m_v); }

    const E& error() const { return std::get<1>(m_v); }

private:
    std::variant<T, E> m_v;
};

// Result<void>: success or an Error.
template <> class [[nodiscard]] Result<void, Error> {
public:
    Result() = default;
    Result(Error error) : m_error(std::move(error)), m_failed(true) { }
    bool ok() const noexcept { return !m_failed; }
    explicit operator bool() const noexcept { return ok(); }
    const Error& error() const { return m_error; }

private:
    Error m_error;
    bool m_failed = false;
};

} // namespace tw
