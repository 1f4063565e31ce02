#pragma once
// The services the window's features share, created once at the composition root (runGui,
// or a test) and handed down through constructors:
//  * one QNetworkAccessManager: provider calls (Send, the loop) and MCP over Streamable HTTP
//    (the loop, the import dialog), so proxies, connection reuse and cookies are one thing;
//  * one KeyStore: the preset editor writes keys, Send and the loop read them;
//  * one built-in MockProvider: Send, the loop and Copy as curl talk to the same server on
//    127.0.0.1. It is created idle and listens from its first use on (startedMock()).
//
// Services is a bundle of borrowed pointers, cheap to copy into each consumer; nothing below
// the root creates a second one. ServiceHost owns the objects and must outlive every window,
// widget and controller it was handed to (declare it before them).

#include <memory>

class QNetworkAccessManager;

namespace tw::provider {
class KeyStore;
class MockProvider;
} // namespace tw::provider

namespace tw::ui {

struct Services {
    QNetworkAccessManager* network = nullptr; // not owned
    provider::KeyStore* keys = nullptr; // not owned
    provider::MockProvider* mock = nullptr; // not owned; idle until startedMock()
};

// The shared mock provider, listening on loopback (started on the first call); nullptr when
// it cannot listen (its errorString() says why; the next call tries again).
provider::MockProvider* startedMock(const Services& services);

class ServiceHost {
public:
    ServiceHost();
    ~ServiceHost();
    ServiceHost(const ServiceHost&) = delete;
    ServiceHost& operator=(const ServiceHost&) = delete;

    const Services& services() const { return m_services; }

private:
    std::unique_ptr<QNetworkAccessManager> m_network;
    std::unique_ptr<provider::KeyStore> m_keys;
    std::unique_ptr<provider::MockProvider> m_mock;
    Services m_services;
};

} // namespace tw::ui
