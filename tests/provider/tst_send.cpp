// Request building and sending: URLs, headers and bodies per profile, key redaction in
// every output, curl/raw-HTTP export, the structured-output rewrite, and `toolwire send`
// round trips against the built-in mock provider (every wire, streaming and not), with
// what the server received checked too.

#include "send_fixtures.h"

class TestSend : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { qputenv("TOOLWIRE_LOOPBACK_ONLY", "1"); }

    void urlsAndAuth_data()
    {
        QTest::addColumn<QString>("profile");
        QTest::addColumn<bool>("stream");
        QTest::addColumn<QString>("url");
        QTest::addColumn<QString>("authHeader");
        QTest::newRow("openai") << "openai" << false << "https://api.openai.com/v1/chat/completions"
                                << "Authorization";
        QTest::newRow("responses") << "responses" << false << "https://api.openai.com/v1/responses"
                                   << "Authorization";
        QTest::newRow("anthropic") << "anthropic" << false << "https://api.anthropic.com/v1/messages"
                                   << "x-api-key";
        QTest::newRow("gemini") << "gemini" << false << "https://generativelanguage.googleapis.com/v1beta/models/m-1:generateContent"
                                << "x-goog-api-key";
        QTest::newRow("gemini/stream") << "gemini" << true
                                       << "https://generativelanguage.googleapis.com/v1beta/models/m-1:streamGenerateContent?alt=sse"
                                       << "x-goog-api-key";
        QTest::newRow("ollama") << "ollama" << false << "http://localhost:11434/api/chat"
                                << "";
        QTest::newRow("groq") << "groq" << false << "https://api.groq.com/openai/v1/chat/completions"
                              << "Authorization";
    }
    void urlsAndAuth()
    {
        QFETCH(QString, profile);
        QFETCH(bool, stream);
        QFETCH(QString, url);
        QFETCH(QString, authHeader);
        provider::RequestInput in = input(profile.toLatin1().constData());
        in.stream = stream;
        auto r = provider::buildRequest(in, kKey);
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
        QCOMPARE(r->http.url.toString(), url);
        if (!authHeader.isEmpty()) {
            const QByteArray sent = header(r->http.headers, authHeader.toLatin1());
            QVERIFY(sent.contains(QByteArray::fromStdString(kKey))); // sent as is
            const QByteArray shown = header(r->view.requestHeaders, authHeader.toLatin1());
            QVERIFY(!shown.contains(QByteArray::fromStdString(kKey))); // never shown
            QVERIFY(shown.endsWith("cdef"));
        }
        // stream is explicit in the body wherever the wire has it (Gemini: in the URL).
        if (r->wire != wire::Wire::Gemini)
            QCOMPARE(r->body["stream"].toBool(!stream), stream);
        // The body starts with the documented keys and keeps the schema's property order.
        const std::string body(r->http.body.constData(), std::size_t(r->http.body.size()));
        QVERIFY(body.find("\"city\"") < body.find("\"units\""));
        QCOMPARE(body, json::compact(r->body));
    }

    void anthropicAlwaysSendsMaxTokens()
    {
        provider::RequestInput in = input("anthropic");
        in.maxTokens.reset();
        auto r = provider::buildRequest(in, kKey);
        QVERIFY(r.ok());
        QCOMPARE(r->body["max_tokens"].toInt().value_or(0), 1024LL);
        QCOMPARE(header(r->http.headers, "anthropic-version"), QByteArray("2023-06-01"));
    }

    void missingKeyNamesTheVariables()
    {
        auto r = provider::buildRequest(input("gemini"), std::nullopt);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().category, std::string("missing_key"));
        QVERIFY(r.error().message.find("GEMINI_API_KEY or GOOGLE_API_KEY") != std::string::npos);
        QVERIFY(provider::buildRequest(input("ollama"), std::nullopt).ok()); // local, no auth
    }

    void exportsNeverHoldTheKey()
    {
        auto r = provider::buildRequest(input("openai"), kKey);
        QVERIFY(r.ok());
        const std::string curl = provider::curlCommand(*r);
        QVERIFY(curl.find(kKey) == std::string::npos);
        QVERIFY(curl.find("Authorization: Bearer $OPENAI_API_KEY") != std::string::npos);
        QVERIFY(curl.find("https://api.openai.com/v1/chat/completions") != std::string::npos);
        const std::string raw = provider::rawHttpText(*r);
        QVERIFY(raw.find(kKey) == std::string::npos);
        QVERIFY(raw.find("POST /v1/chat/completions HTTP/1.1\r\nHost: api.openai.com\r\n") == 0);
    }

    void forcedToolBecomesStructuredOutput()
    {
        provider::RequestInput in = input("llamacpp"); // no named tool choice
        in.choice.type = "tool";
        in.choice.name = "convert_currency";
        auto r = provider::buildRequest(in, std::nullopt);
        QVERIFY(r.ok());
        QCOMPARE(r->syntheticTool.value_or(""), std::string("convert_currency"));
        QVERIFY(!r->body.contains("tools"));
        QCOMPARE(r->body["response_format"]["type"].str(), std::string_view("json_schema"));
        QCOMPARE(r->body["response_format"]["json_schema"]["schema"]["required"].at(0).str(), std::string_view("amount"));
        wire::Reply reply;
        reply.text = "{\"amount\": 120, \"from\": \"EUR\", \"to\": \"USD\"}";
        auto c = provider::syntheticCall("convert_currency", reply);
        QVERIFY(c && c->synthetic && !c->id && c->arguments["from"].str() == "EUR");
        // Ollama: format: <schema>.
        provider::RequestInput o = input("ollama");
        o.choice = in.choice;
        auto ro = provider::buildRequest(o, std::nullopt);
        QVERIFY(ro.ok());
        QCOMPARE(ro->body["format"]["type"].str(), std::string_view("object"));
    }

    // ---- URL templates -----------------------------------------------------------------

    void urlVariables_data()
    {
        QTest::addColumn<QString>("host"); // TW_TEST_HOST ("" = unset)
        QTest::addColumn<QString>("fallback"); // TW_TEST_HOST_FALLBACK
        QTest::addColumn<QString>("given"); // "name=value;..."
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("url"); // expected, or the error category
        auto url = [](const char* host, const char* tenant) {
            return QString::fromStdString(std::string("https://") + host + ".example.test/" + tenant + "/deployments/m-1/chat/completions");
        };
        QTest::newRow("env_and_default") << "eu"
                                         << ""
                                         << ""
                                         << "m-1" << url("eu", "t-1");
        QTest::newRow("second_env_variable") << ""
                                             << "ap"
                                             << ""
                                             << "m-1" << url("ap", "t-1");
        QTest::newRow("first_env_variable_wins") << "eu"
                                                 << "ap"
                                                 << ""
                                                 << "m-1" << url("eu", "t-1");
        QTest::newRow("given_beats_env") << "eu"
                                         << "ap"
                                         << "host=us"
                                         << "m-1" << url("us", "t-1");
        QTest::newRow("given_beats_default") << "eu"
                                             << ""
                                             << "tenant=acme"
                                             << "m-1" << url("eu", "acme");
        QTest::newRow("value_stays_one_segment") << "eu"
                                                 << ""
                                                 << "tenant=a/b?c"
                                                 << "m-1" << url("eu", "a%2Fb%3Fc");
        QTest::newRow("model_percent_encoded") << "eu"
                                               << ""
                                               << ""
                                               << "org/model:v1 beta"
                                               << "https://eu.example.test/t-1/deployments/org%2Fmodel%3Av1%20beta/chat/completions";
        QTest::newRow("missing_value") << ""
                                       << ""
                                       << ""
                                       << "m-1"
                                       << "missing_url_var";
        QTest::newRow("unknown_name_given") << "eu"
                                            << ""
                                            << "regoin=x"
                                            << "m-1"
                                            << "unknown_url_var";
    }
    void urlVariables()
    {
        QFETCH(QString, host);
        QFETCH(QString, fallback);
        QFETCH(QString, given);
        QFETCH(QString, model);
        QFETCH(QString, url);
        const QByteArray h = host.toUtf8(), f = fallback.toUtf8();
        EnvScope env{{"TW_TEST_HOST", host.isEmpty() ? nullptr : h.constData()},
                     {"TW_TEST_HOST_FALLBACK", fallback.isEmpty() ? nullptr : f.constData()}};
        provider::RequestInput in = input("openai");
        in.profile = templatedProfile();
        QCOMPARE(in.profile.urlVars.size(), std::size_t(2));
        in.model = toStdString(model);
        in.urlVars = urlVarsOf(given);
        auto r = provider::buildRequest(in, std::nullopt);
        if (!url.startsWith(QLatin1String("https:"))) {
            QVERIFY(!r.ok());
            QCOMPARE(toQString(r.error().category), url);
            if (url == QLatin1String("missing_url_var")) // says where a value can come from
                QVERIFY2(r.error().message.find("TW_TEST_HOST or TW_TEST_HOST_FALLBACK") != std::string::npos &&
                             r.error().message.find("--url-var host=VALUE") != std::string::npos,
                         r.error().message.c_str());
            return;
        }
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
        QCOMPARE(r->http.url.toString(QUrl::FullyEncoded), url);
        // Views show the URL pretty-decoded, which keeps %2F, %3A and %3F (only a space reads as one).
        QCOMPARE(toQString(r->view.url), r->http.url.toString());
        if (!url.contains(QLatin1String("%20")))
            QCOMPARE(toQString(r->view.url), url);
    }

    void geminiModelPathUnchanged()
    {
        // Gemini ids have no reserved characters: the path reads as before.
        provider::RequestInput in = input("gemini");
        in.model = "gemini-2.5-flash-preview-05-20";
        auto r = provider::buildRequest(in, kKey);
        QVERIFY(r.ok());
        QCOMPARE(r->http.url.toString(),
                 QStringLiteral("https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash-preview-05-20:generateContent"));
    }

    void profileUrlVarsValidated_data()
    {
        QTest::addColumn<QString>("profile");
        QTest::addColumn<QString>("message"); // a part of the error
        QTest::newRow("undeclared_in_base") << R"({"id":"x","wire":"openai","base_url":"https://{zone}.example.test"})"
                                            << "base_url uses {zone}";
        QTest::newRow("undeclared_in_stream_path")
            << R"({"id":"x","wire":"openai","base_url":"https://a.test","path":"/p","stream_path":"/{mode}/p"})"
            << "stream_path uses {mode}";
        QTest::newRow("model_is_not_a_variable") << R"({"id":"x","wire":"openai","base_url":"https://a.test","url_vars":{"model":{}}})"
                                                 << "{model} is the request's model";
        QTest::newRow("not_an_object") << R"({"id":"x","wire":"openai","base_url":"https://a.test","url_vars":["region"]})"
                                       << "url_vars is an object";
        QTest::newRow("env_not_names") << R"({"id":"x","wire":"openai","base_url":"https://a.test","url_vars":{"r":{"env":"AWS_REGION"}}})"
                                       << "url_vars.r.env";
        QTest::newRow("default_not_string") << R"({"id":"x","wire":"openai","base_url":"https://a.test","url_vars":{"r":{"default":1}}})"
                                            << "url_vars.r.default";
        QTest::newRow("bad_name") << R"({"id":"x","wire":"openai","base_url":"https://a.test","url_vars":{"a-b":{}}})"
                                  << "not a variable name";
        // A binary stream format only where the wire has that framing.
        QTest::newRow("stream_format_without_framing") << R"({"id":"x","wire":"openai","base_url":"https://a.test","stream_format":"eventstream"})"
                                                       << "stream_format must be";
    }
    void profileUrlVarsValidated()
    {
        QFETCH(QString, profile);
        QFETCH(QString, message);
        auto v = json::parse(toStdString(profile));
        QVERIFY(v.ok());
        auto p = provider::profileFromJson(*v);
        QVERIFY(!p.ok());
        QCOMPARE(p.error().category, std::string("invalid_profile"));
        QVERIFY2(p.error().message.find(toStdString(message)) != std::string::npos, p.error().message.c_str());
    }

    void profileUrlVarsRoundTrip()
    {
        const provider::Profile p = templatedProfile();
        QCOMPARE(p.id, std::string("tpl"));
        auto again = provider::profileFromJson(provider::profileToJson(p));
        QVERIFY(again.ok());
        QCOMPARE(again->urlVars.size(), std::size_t(2));
        QCOMPARE(again->urlVars[0].name, std::string("host"));
        QCOMPARE(again->urlVars[0].env, (std::vector<std::string>{"TW_TEST_HOST", "TW_TEST_HOST_FALLBACK"}));
        QCOMPARE(again->urlVars[1].defaultValue, std::string("t-1"));
        QCOMPARE(json::compact(provider::profileToJson(*again)), json::compact(provider::profileToJson(p)));
    }

    void builtinProfileOfAnUnknownWireIsSkipped()
    {
        // profiles.json may name a wire before it is registered; the other profiles still load.
        const Value later{{"id", "later"}, {"wire", "not-a-wire-yet"}, {"base_url", "https://a.test"}};
        const Value now{{"id", "now"}, {"wire", "openai"}, {"base_url", "https://b.test"}, {"path", "/p"}};
        const Value doc{{"profiles", Value(std::vector<Value>{later, now})}};
        QTest::ignoreMessage(QtWarningMsg,
                             "toolwire: profiles.json: skipping the built-in profile \"later\": this build has no wire \"not-a-wire-yet\"");
        auto list = provider::builtinProfilesFrom(doc);
        QVERIFY(list.ok());
        QCOMPARE(list->size(), std::size_t(1));
        QCOMPARE(list->front().id, std::string("now"));
        // Any other fault is still an error, and a user profile with an unknown wire is one too.
        const Value broken{{"profiles", Value(std::vector<Value>{Value{{"id", "x"}, {"wire", "openai"}}})}};
        QVERIFY(!provider::builtinProfilesFrom(broken).ok());
        QVERIFY(!provider::profileFromJson(later).ok());
        // Every registered wire has a profile to borrow paths from (the mock profile needs one).
        for (wire::Wire w : wire::kAllWires)
            QCOMPARE(provider::profileForWire(w).wire, w);
    }

    void presetUrlVars()
    {
        const std::string text =
            R"({"format": 2, "name": "p", "tools": [], "tool_choice": {"type": "auto"},)"
            R"( "presets": [{"name": "eu", "profile": "tpl", "url_vars": {"host": "eu-west", "tenant": "acme", "region": "kept"},)"
            R"( "model": "m-2", "system": "", "messages": [], "stream": false, "x_later": 1}],)"
            R"( "profiles": [)" +
            std::string(kTemplatedProfile) + "]}";
        auto p = project::parse(text);
        QVERIFY2(p.ok(), p.ok() ? "" : p.error().message.c_str());
        EnvScope env{{"TW_TEST_HOST", "from-env"}, {"TW_TEST_HOST_FALLBACK", nullptr}};
        auto in = project::requestInput(*p, p->presets[0]);
        QVERIFY(in.ok());
        auto r = provider::buildRequest(*in, std::nullopt);
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
        // "region" (set for another profile) is not this profile's: kept in the preset, not sent.
        QCOMPARE(r->http.url.toString(), QStringLiteral("https://eu-west.example.test/acme/deployments/m-2/chat/completions"));
        // Kept verbatim through a save, in order, and equal after reading back.
        const std::string saved = project::serialize(*p);
        QVERIFY(saved.find("\"url_vars\": {\n") != std::string::npos);
        QVERIFY(saved.find("\"host\": \"eu-west\"") < saved.find("\"tenant\": \"acme\""));
        QVERIFY(saved.find("\"tenant\": \"acme\"") < saved.find("\"region\": \"kept\""));
        auto back = project::parse(saved);
        QVERIFY(back.ok());
        QVERIFY(*back == *p);
        QVERIFY(back->presets[0].urlVars.identical(p->presets[0].urlVars));
    }

    void presetUrlVarsValidated_data()
    {
        QTest::addColumn<QString>("urlVars");
        QTest::addColumn<QString>("path");
        QTest::newRow("value_not_a_string") << R"({"region": 5})"
                                            << "/presets/0/url_vars/region";
        QTest::newRow("not_an_object") << R"(["region"])"
                                       << "/presets/0/url_vars";
        QTest::newRow("escaped_name") << R"({"a/b": null})"
                                      << "/presets/0/url_vars/a~1b";
    }
    void presetUrlVarsValidated()
    {
        QFETCH(QString, urlVars);
        QFETCH(QString, path);
        const std::string text =
            R"({"format": 2, "name": "p", "tools": [], "presets": [{"name": "a", "profile": "mock", "url_vars": )" + toStdString(urlVars) + "}]}";
        auto p = project::parse(text, "t.toolwire");
        QVERIFY(!p.ok());
        QCOMPARE(p.error().category, std::string("invalid_project"));
        QCOMPARE(toQString(p.error().path), path);
        QVERIFY2(p.error().message.find("t.toolwire: " + toStdString(path) + ": ") == 0, p.error().message.c_str());
    }

    void sendUrlVarOption()
    {
        int code = -1;
        QByteArray out, err;
        // Malformed: a usage error.
        runSend({QStringLiteral("--profile"), QStringLiteral("openai"), QStringLiteral("--url-var"), QStringLiteral("region"),
                 QStringLiteral("--message"), QStringLiteral("hi")},
                {}, code, out, err);
        QCOMPARE(code, 2);
        QVERIFY2(err.contains("--url-var needs NAME=VALUE"), err.constData());
        // A name the profile does not declare: the request is not built.
        const json::Value doc = runSend({QStringLiteral("--profile"), QStringLiteral("openai"), QStringLiteral("--url-var"),
                                         QStringLiteral("region=eu-west-1"), QStringLiteral("--message"), QStringLiteral("hi")},
                                        {{QStringLiteral("OPENAI_API_KEY"), QString::fromStdString(kKey)}}, code, out, err);
        QCOMPARE(code, 1);
        QCOMPARE(doc["error"]["category"].str(), std::string_view("unknown_url_var"));
        QVERIFY(!out.contains(QByteArray::fromStdString(kKey)) && !err.contains(QByteArray::fromStdString(kKey)));
    }

    // An HTTP error whose type is a response header (AWS restJson services) is read with
    // the headers the call received.
    void errorTypeFromResponseHeaders()
    {
        net::HttpServer server([](const net::HttpRequest&, net::HttpResponder* out) {
            out->send(400, "application/json", R"({"message":"The provided model identifier is invalid."})",
                      {{"x-amzn-ErrorType", "ValidationException:http://internal.amazon.com/coral/com.amazon.bedrock/"},
                       {"x-amzn-RequestId", "fe4e3f9c-abb5-4a80-996c-1bd403ee3d99"}});
        });
        QVERIFY(server.listen());
        provider::RequestInput in = input("openai");
        in.baseUrl = toStdString(server.baseUrl());
        auto r = provider::buildRequest(in, kKey);
        QVERIFY(r.ok());
        QNetworkAccessManager nam;
        provider::ProviderCall call(&nam, *r);
        std::optional<provider::Exchange> x;
        connect(&call, &provider::ProviderCall::finished, this, [&](const provider::Exchange& e) { x = e; });
        call.start();
        QVERIFY(QTest::qWaitFor([&] { return x.has_value(); }, 10000));
        QCOMPARE(x->status, 400);
        QVERIFY(x->providerError.has_value());
        QCOMPARE(x->providerError->type.str(), std::string_view("ValidationException"));
        QCOMPARE(x->providerError->requestId.str(), std::string_view("fe4e3f9c-abb5-4a80-996c-1bd403ee3d99"));
        QVERIFY(x->error && x->error->message == "HTTP 400: The provided model identifier is invalid.");
    }

    // ---- the Bedrock profile (needs the bedrock wire) ------------------------------------

    void bedrockUrls_data()
    {
        QTest::addColumn<QString>("awsRegion");
        QTest::addColumn<QString>("awsDefaultRegion");
        QTest::addColumn<QString>("given"); // a preset's or --url-var's region
        QTest::addColumn<QString>("model");
        QTest::addColumn<bool>("stream");
        QTest::addColumn<QString>("url");
        auto url = [](const char* region, const std::string& modelPath, const char* action = "converse") {
            return QString::fromStdString(std::string("https://bedrock-runtime.") + region + ".amazonaws.com/model/" + modelPath + "/" + action);
        };
        QTest::newRow("default_region") << ""
                                        << ""
                                        << "" << kBedrockModel << false << url("us-east-1", kBedrockModelPath);
        QTest::newRow("AWS_REGION") << "eu-west-1"
                                    << ""
                                    << "" << kBedrockModel << false << url("eu-west-1", kBedrockModelPath);
        QTest::newRow("AWS_DEFAULT_REGION") << ""
                                            << "eu-central-1"
                                            << "" << kBedrockModel << false << url("eu-central-1", kBedrockModelPath);
        QTest::newRow("AWS_REGION_first") << "eu-west-1"
                                          << "eu-central-1"
                                          << "" << kBedrockModel << false << url("eu-west-1", kBedrockModelPath);
        QTest::newRow("given_beats_env") << "eu-west-1"
                                         << "eu-central-1"
                                         << "ap-southeast-2" << kBedrockModel << false << url("ap-southeast-2", kBedrockModelPath);
        QTest::newRow("stream") << ""
                                << ""
                                << "" << kBedrockModel << true << url("us-east-1", kBedrockModelPath, "converse-stream");
        QTest::newRow("base_model_id") << ""
                                       << ""
                                       << ""
                                       << "amazon.nova-micro-v1:0" << false << url("us-east-1", "amazon.nova-micro-v1%3A0");
        QTest::newRow("arn") << ""
                             << ""
                             << ""
                             << "arn:aws:bedrock:us-east-1:123456789012:application-inference-profile/mi1dadi0g15f" << false
                             << url("us-east-1", "arn%3Aaws%3Abedrock%3Aus-east-1%3A123456789012%3Aapplication-inference-profile%2Fmi1dadi0g15f");
    }
    void bedrockUrls()
    {
        if (!bedrockRegistered())
            QSKIP("bedrock wire not registered yet");
        QFETCH(QString, awsRegion);
        QFETCH(QString, awsDefaultRegion);
        QFETCH(QString, given);
        QFETCH(QString, model);
        QFETCH(bool, stream);
        QFETCH(QString, url);
        const QByteArray a = awsRegion.toUtf8(), d = awsDefaultRegion.toUtf8();
        EnvScope env{{"AWS_REGION", awsRegion.isEmpty() ? nullptr : a.constData()},
                     {"AWS_DEFAULT_REGION", awsDefaultRegion.isEmpty() ? nullptr : d.constData()}};
        provider::RequestInput in = input("bedrock");
        in.model = toStdString(model);
        in.stream = stream;
        if (!given.isEmpty())
            in.urlVars = {{"region", toStdString(given)}};
        auto r = provider::buildRequest(in, kBedrockKey);
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
        QCOMPARE(r->http.url.toString(QUrl::FullyEncoded), url);
        QCOMPARE(toQString(r->view.url), url);
        QCOMPARE(r->streamFormat, std::string("eventstream"));
        if (stream) // the binary event stream, not SSE
            QCOMPARE(header(r->http.headers, "Accept"), QByteArray("application/vnd.amazon.eventstream"));
        QCOMPARE(header(r->http.headers, "Content-Type"), QByteArray("application/json"));
        QCOMPARE(std::string(r->http.body.constData(), std::size_t(r->http.body.size())), json::compact(r->body));
    }

    void bedrockPresetRegion()
    {
        if (!bedrockRegistered())
            QSKIP("bedrock wire not registered yet");
        const std::string text = R"({"format": 2, "name": "p", "tools": [], "presets": [{"name": "sydney", "profile": "bedrock",)"
                                 R"( "url_vars": {"region": "ap-southeast-2"}, "model": "amazon.nova-micro-v1:0",)"
                                 R"( "messages": [{"role": "user", "content": "hi"}]}]})";
        auto p = project::parse(text);
        QVERIFY2(p.ok(), p.ok() ? "" : p.error().message.c_str());
        EnvScope env{{"AWS_REGION", "eu-west-1"}, {"AWS_DEFAULT_REGION", "eu-central-1"}};
        auto in = project::requestInput(*p, p->presets[0]);
        QVERIFY(in.ok());
        auto r = provider::buildRequest(*in, kBedrockKey);
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
        QCOMPARE(r->http.url.toString(QUrl::FullyEncoded),
                 QStringLiteral("https://bedrock-runtime.ap-southeast-2.amazonaws.com/model/amazon.nova-micro-v1%3A0/converse"));
    }

    void bedrockKeyAndRedaction()
    {
        if (!bedrockRegistered())
            QSKIP("bedrock wire not registered yet");
        EnvScope env{{"AWS_BEARER_TOKEN_BEDROCK", kBedrockKey.c_str()}, {"AWS_REGION", nullptr}, {"AWS_DEFAULT_REGION", nullptr}};
        const provider::Profile& profile = *provider::findProfile("bedrock");
        QCOMPARE(profile.label, std::string("Amazon Bedrock Converse"));
        const provider::ResolvedKey key = provider::keyFromEnvironment(profile);
        QCOMPARE(key.source, std::string("env:AWS_BEARER_TOKEN_BEDROCK"));
        provider::RequestInput in = input("bedrock");
        in.model = kBedrockModel;
        auto r = provider::buildRequest(in, key.key);
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
        const QByteArray secret = QByteArray::fromStdString(kBedrockKey);
        QCOMPARE(header(r->http.headers, "Authorization"), "Bearer " + secret); // sent as is
        const QByteArray shown = header(r->view.requestHeaders, "Authorization");
        QVERIFY(shown.startsWith("Bearer ") && !shown.contains(secret));
        QVERIFY(json::compact(provider::requestToJson(r->view)).find(kBedrockKey) == std::string::npos);
        const std::string curl = provider::curlCommand(*r);
        QVERIFY(curl.find(kBedrockKey) == std::string::npos);
        QVERIFY(curl.find("Authorization: Bearer $AWS_BEARER_TOKEN_BEDROCK") != std::string::npos);
        QVERIFY(curl.find(std::string("https://bedrock-runtime.us-east-1.amazonaws.com/model/") + kBedrockModelPath + "/converse") !=
                std::string::npos);
        const std::string raw = provider::rawHttpText(*r);
        QVERIFY(raw.find(kBedrockKey) == std::string::npos);
        QVERIFY2(raw.find(std::string("POST /model/") + kBedrockModelPath +
                          "/converse HTTP/1.1\r\nHost: bedrock-runtime.us-east-1.amazonaws.com\r\n") == 0,
                 raw.c_str());
        // No key: the error names the variable.
        auto missing = provider::buildRequest(in, std::nullopt);
        QVERIFY(!missing.ok());
        QCOMPARE(missing.error().category, std::string("missing_key"));
        QVERIFY(missing.error().message.find("AWS_BEARER_TOKEN_BEDROCK") != std::string::npos);
    }

    void bedrockSendUrlVar()
    {
        if (!bedrockRegistered())
            QSKIP("bedrock wire not registered yet");
        // TOOLWIRE_LOOPBACK_ONLY=1 refuses the real host, after the request was built and shown.
        int code = -1;
        QByteArray out, err;
        const json::Value doc = runSend({QStringLiteral("--profile"), QStringLiteral("bedrock"), QStringLiteral("--url-var"),
                                         QStringLiteral("region=eu-central-1"), QStringLiteral("--message"), QStringLiteral("hi")},
                                        {{QStringLiteral("AWS_BEARER_TOKEN_BEDROCK"), QString::fromStdString(kBedrockKey)},
                                         {QStringLiteral("AWS_REGION"), QStringLiteral("us-west-2")},
                                         {QStringLiteral("TOOLWIRE_LOOPBACK_ONLY"), QStringLiteral("1")}},
                                        code, out, err);
        QCOMPARE(code, 1);
        QCOMPARE(doc["error"]["category"].str(), std::string_view("loopback_only"));
        QCOMPARE(doc["request"]["url"].str(),
                 std::string_view(std::string("https://bedrock-runtime.eu-central-1.amazonaws.com/model/") + kBedrockModelPath + "/converse"));
        QVERIFY(doc["request"]["headers"]["Authorization"].str().starts_with("Bearer "));
        QVERIFY2(!out.contains(QByteArray::fromStdString(kBedrockKey)), "the key leaked into send's output");
        QVERIFY(!err.contains(QByteArray::fromStdString(kBedrockKey)));
    }

    // Recorded Bedrock streams (../shared/fixtures/bedrock, read from there) served in small
    // chunks through ProviderCall: the binary framing is read by its content type, and from
    // its first bytes when the server labels it otherwise; never as SSE.
    void bedrockRecordedStreams_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QByteArray>("contentType");
        QTest::addColumn<QByteArray>("expected");
        if (!bedrockRegistered())
            QSKIP("bedrock wire not registered yet");
        const QString dir = QStringLiteral(TOOLWIRE_SHARED_DIR "/fixtures");
        QFile f(dir + QStringLiteral("/bedrock-expected.json"));
        if (!f.open(QIODevice::ReadOnly))
            QSKIP("../shared/fixtures/bedrock-expected.json is absent: the recordings are not part of this repository");
        const QByteArray manifest = f.readAll();
        auto doc = json::parse(std::string_view(manifest.constData(), std::size_t(manifest.size())));
        QVERIFY(doc.ok());
        for (const json::Value& item : (*doc)["items"].items()) {
            if (item["framing"].str() != "eventstream")
                continue;
            const std::string file(item["file"].str());
            const QByteArray exp = QByteArray::fromStdString(json::compact(item));
            QTest::newRow((file + "/labelled").c_str())
                << dir + QLatin1Char('/') + toQString(file) << QByteArray("application/vnd.amazon.eventstream") << exp;
            QTest::newRow((file + "/octet-stream").c_str())
                << dir + QLatin1Char('/') + toQString(file) << QByteArray("application/octet-stream") << exp;
        }
    }
    void bedrockRecordedStreams()
    {
        QFETCH(QString, file);
        QFETCH(QByteArray, contentType);
        QFETCH(QByteArray, expected);
        const json::Value exp = *json::parse(std::string_view(expected.constData(), std::size_t(expected.size())));
        QFile f(file);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray recording = f.readAll();
        net::HttpServer server([&](const net::HttpRequest&, net::HttpResponder* out) {
            out->begin(200, contentType);
            for (qsizetype i = 0; i < recording.size(); i += 7) // split inside prelude, headers and CRCs
                out->write(recording.mid(i, 7));
            out->end();
        });
        QVERIFY(server.listen());
        provider::RequestInput in = input("bedrock");
        in.baseUrl = toStdString(server.baseUrl());
        in.stream = true;
        auto r = provider::buildRequest(in, kBedrockKey);
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
        QNetworkAccessManager nam;
        provider::ProviderCall call(&nam, *r);
        std::optional<provider::Exchange> x;
        connect(&call, &provider::ProviderCall::finished, this, [&](const provider::Exchange& e) { x = e; });
        call.start();
        QVERIFY(QTest::qWaitFor([&] { return x.has_value(); }, 10000));
        QCOMPARE(x->status, 200);
        QVERIFY(!x->events.empty());
        QVERIFY(!x->events.front().event.empty()); // named by the frames' :event-type
        QCOMPARE(x->reply.calls.size(), exp["calls"].size());
        for (std::size_t i = 0; i < x->reply.calls.size(); ++i) {
            const json::Value got = model::toView(x->reply.calls[i]);
            QCOMPARE(got["name"].str(), exp["calls"].at(i)["name"].str());
            QCOMPARE(got["id"].str(), exp["calls"].at(i)["id"].str());
            QVERIFY2(got["arguments"] == exp["calls"].at(i)["arguments"], json::compact(got).c_str());
        }
        QCOMPARE(wire::finishName(x->reply.finish), exp["finish"].str());
        QCOMPARE(x->reply.text.has_value(), exp["text"].isString());
        if (exp["text"].isString())
            QCOMPARE(toQString(*x->reply.text), toQString(exp["text"].str()));
        QCOMPARE(x->error.has_value(), !exp["error"].isNull());
        // A saved recording shows the same events when pasted back.
        QCOMPARE(provider::eventsOf(std::string_view(recording.constData(), std::size_t(recording.size()))).size(), x->events.size());
    }

    // ---- round trips through the mock provider -------------------------------------------

    void sendRoundTrips_data()
    {
        QTest::addColumn<QString>("wireName");
        QTest::addColumn<bool>("stream");
        for (const char* w : {"openai", "responses", "anthropic", "gemini", "ollama", "hermes", "bedrock"}) {
            QTest::newRow((std::string(w) + "/whole").c_str()) << QString::fromLatin1(w) << false;
            QTest::newRow((std::string(w) + "/stream").c_str()) << QString::fromLatin1(w) << true;
        }
    }
    void sendRoundTrips()
    {
        QFETCH(QString, wireName);
        QFETCH(bool, stream);
        if (!wire::fromName(toStdString(wireName)))
            QSKIP(qPrintable(wireName + QStringLiteral(" wire not registered yet")));
        // A real profile with a key, pointed at the mock provider with --base-url.
        provider::MockProvider mock;
        QVERIFY(mock.listen());
        const auto w = *wire::fromName(toStdString(wireName));
        const QString profile = wireName;
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        for (const char* var : {"OPENAI_API_KEY", "ANTHROPIC_API_KEY", "GEMINI_API_KEY", "HERMES_API_KEY", "AWS_BEARER_TOKEN_BEDROCK"})
            env.insert(QString::fromLatin1(var), QString::fromStdString(kKey));
        p.setProcessEnvironment(env);
        QStringList args{QStringLiteral("send"),
                         QStringLiteral("--wire"),
                         wireName,
                         QStringLiteral("--profile"),
                         profile,
                         QStringLiteral("--base-url"),
                         QString::fromLatin1(mock.baseUrl(w)),
                         QStringLiteral("--tools"),
                         QStringLiteral(TOOLWIRE_SOURCE_DIR "/resources/examples/weather-desk.toolwire"),
                         QStringLiteral("--choice"),
                         QStringLiteral("{\"type\":\"tool\",\"name\":\"get_weather\"}"),
                         QStringLiteral("--message"),
                         QStringLiteral("What is the weather in Lisbon?")};
        if (stream)
            args << QStringLiteral("--stream");
        if (w == wire::Wire::Hermes || w == wire::Wire::Ollama)
            args.replace(args.indexOf(QStringLiteral("--choice")) + 1, QStringLiteral("auto"));
        p.start(QStringLiteral(TOOLWIRE_BIN), args);
        QVERIFY(p.waitForStarted());
        QVERIFY(QTest::qWaitFor([&] { return p.state() == QProcess::NotRunning; }, 30000)); // serve while it runs
        const QByteArray out = p.readAllStandardOutput();
        const QByteArray err = p.readAllStandardError();
        QVERIFY2(p.exitCode() == 0, QByteArray(out + err).constData());
        QVERIFY2(!out.contains(QByteArray::fromStdString(kKey)), "the key leaked into send's output");
        QVERIFY(!err.contains(QByteArray::fromStdString(kKey)));
        auto doc = json::parse(std::string_view(out.constData(), std::size_t(out.size())));
        QVERIFY(doc.ok());
        QCOMPARE((*doc)["status"].toInt().value_or(0), 200LL);
        QCOMPARE((*doc)["calls"].size(), std::size_t(1));
        QCOMPARE((*doc)["calls"].at(0)["name"].str(), std::string_view("get_weather"));
        QVERIFY((*doc)["calls"].at(0)["arguments"]["city"].isString());
        QCOMPARE((*doc)["finish"].str(), std::string_view("tool_calls"));
        if (stream)
            QVERIFY((*doc)["response"]["events"].size() >= 1);
        QVERIFY((*doc)["timing"]["total_ms"].isNumber());
        // What the server received: the key in its header, the body as printed.
        QVERIFY(!mock.received().empty());
        const auto& got = mock.received().back();
        if (w != wire::Wire::Ollama) {
            const QByteArray auth = got.header(w == wire::Wire::Anthropic    ? "x-api-key"
                                                   : w == wire::Wire::Gemini ? "x-goog-api-key"
                                                                             : "Authorization");
            QVERIFY(auth.contains(QByteArray::fromStdString(kKey)));
        }
        QCOMPARE(toStdString(got.body), json::compact((*doc)["request"]["body"]));
        // The model id went into the path as one percent-encoded segment (Bedrock: ':' as %3A).
        const provider::Profile& prof = *provider::findProfile(toStdString(profile));
        if (prof.path.find("{model}") != std::string::npos)
            QVERIFY2(got.target.contains(QUrl::toPercentEncoding(toQString(prof.defaultModel))), got.target.constData());
    }
};

QTEST_GUILESS_MAIN(TestSend)
#include "tst_send.moc"
