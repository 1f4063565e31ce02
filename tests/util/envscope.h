#pragma once
// Sets (a value) or removes (nullptr) environment variables for one scope, then restores
// what was there. Include as "../util/envscope.h".

#include <QByteArray>
#include <QtGlobal>

#include <initializer_list>
#include <optional>
#include <utility>
#include <vector>

namespace tw::test {

class EnvScope {
public:
    EnvScope(std::initializer_list<std::pair<const char*, const char*>> vars)
    {
        for (const auto& [name, value] : vars) {
            m_saved.emplace_back(name, qEnvironmentVariableIsSet(name) ? std::optional<QByteArray>(qgetenv(name)) : std::nullopt);
            if (value)
                qputenv(name, value);
            else
                qunsetenv(name);
        }
    }
    ~EnvScope()
    {
        for (auto it = m_saved.rbegin(); it != m_saved.rend(); ++it) {
            if (it->second)
                qputenv(it->first, *it->second);
            else
                qunsetenv(it->first);
        }
    }
    EnvScope(const EnvScope&) = delete;
    EnvScope& operator=(const EnvScope&) = delete;

private:
    std::vector<std::pair<const char*, std::optional<QByteArray>>> m_saved;
};

} // namespace tw::test
