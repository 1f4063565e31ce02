#include "services.h"

#include "provider/keys.h"
#include "provider/mockprovider.h"

#include <QNetworkAccessManager>

namespace tw::ui {

ServiceHost::ServiceHost()
    : m_network(std::make_unique<QNetworkAccessManager>()),
      m_keys(std::make_unique<provider::KeyStore>()),
      m_mock(std::make_unique<provider::MockProvider>())
{
    m_services = Services{m_network.get(), m_keys.get(), m_mock.get()};
}

// The mock goes first: its server may still hold connections from the network manager.
ServiceHost::~ServiceHost()
{
    m_mock.reset();
    m_keys.reset();
    m_network.reset();
}

provider::MockProvider* startedMock(const Services& services)
{
    provider::MockProvider* mock = services.mock;
    if (!mock)
        return nullptr;
    if (mock->port() == 0 && !mock->listen())
        return nullptr;
    return mock;
}

} // namespace tw::ui
