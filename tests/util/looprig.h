#pragma once
// What a tool-loop test runs against: the built-in mock provider on loopback and a ready MCP
// client over the mock MCP server scripted by a project's mock_tools (or over a transport
// the test gives), plus the example project. Include as "../util/looprig.h".

#include "mcp/client.h"
#include "mcp/mockserver.h"
#include "project/project.h"
#include "project/requestinput.h"
#include "provider/mockprovider.h"
#include "util/strings.h"

#include <QNetworkAccessManager>

#include <memory>
#include <optional>

namespace tw::test {

inline QString exampleProjectPath() { return QStringLiteral(TOOLWIRE_SOURCE_DIR "/resources/examples/weather-desk.toolwire"); }

// resources/examples/weather-desk.toolwire, loaded; a test run stops when it does not load.
inline project::Project exampleProject()
{
    auto p = project::load(exampleProjectPath());
    if (!p)
        qFatal("the example project does not load: %s", p.error().message.c_str());
    return *p;
}

struct LoopRig {
    QNetworkAccessManager nam;
    provider::MockProvider mock;
    std::unique_ptr<mcp::Client> client;

    // Starts the mock provider and connects `client` (to `transport`, or to a mock MCP server
    // over `p`'s tools and mock scripts); false when either fails.
    bool setUp(const project::Project& p, std::unique_ptr<mcp::Transport> transport = nullptr)
    {
        if (!mock.listen())
            return false;
        if (!transport)
            transport = std::make_unique<mcp::MockTransport>(std::make_shared<mcp::MockServer>(p.tools, p.mockTools));
        client = std::make_unique<mcp::Client>(std::move(transport));
        return mcp::awaitReady(*client, 60000).ok();
    }
    // `preset`'s request input sent to the mock: on `w` when given, else on its own wire.
    provider::RequestInput input(const project::Project& p, const project::Preset& preset, std::optional<wire::Wire> w = std::nullopt)
    {
        auto in = project::requestInput(p, preset);
        if (!in)
            qFatal("no request input: %s", in.error().message.c_str());
        if (w)
            in->wire = *w;
        in->baseUrl = toStdString(mock.baseUrl(in->wire.value_or(in->profile.wire)));
        return *in;
    }
};

} // namespace tw::test
