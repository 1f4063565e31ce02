// The Responses API's reasoning rules (spec/wires-2026.md §1.5, §1.6): reasoning items come
// back with the item that followed them, unmodified (with encrypted_content when the
// response was not stored), or the next request continues from a stored response with
// previous_response_id and carries only the new items. Error texts and statuses as the API
// answers (the recorded fixture errors/responses/error-400-reasoning-item-orphan.json and
// public issue reports cited in the spec and in the report of this change).

#include "wire/reasoning.h"

#include "json/json.h"
#include "model/scalars.h"

#include <map>

namespace tw::wire::responses {

namespace {

using json::Value;

constexpr std::string_view kInput = "input";
constexpr std::string_view kOutput = "output";
constexpr std::string_view kContent = "content";
constexpr std::string_view kType = "type";
constexpr std::string_view kId = "id";
constexpr std::string_view kModel = "model";
constexpr std::string_view kStore = "store";
constexpr std::string_view kReasoning = "reasoning";
constexpr std::string_view kEffort = "effort";
constexpr std::string_view kNone = "none";
constexpr std::string_view kEncryptedContent = "encrypted_content";
constexpr std::string_view kInclude = "include";
constexpr std::string_view kIncludeEncrypted = "reasoning.encrypted_content";
constexpr std::string_view kPreviousResponseId = "previous_response_id";
constexpr std::string_view kError = "error";
constexpr std::string_view kMessage = "message";
constexpr std::string_view kParam = "param";
constexpr std::string_view kCode = "code";
constexpr std::string_view kInvalidRequest = "invalid_request_error";
// Model families that reason whether or not the request says so.
constexpr std::string_view kReasoningFamilies[] = {"gpt-5", "o1", "o3", "o4"};

bool stored(const Value& request)
{
    const Value* s = request.find(kStore);
    return !s || s->isNull() || model::truthy(*s); // store defaults to true (§1.6)
}

bool requestsReasoning(const Value& body, std::string_view modelName)
{
    if (const Value* r = body.find(kReasoning); r && r->isObject())
        return (*r)[kEffort].str() != kNone;
    const std::string_view m = modelName.empty() ? body[kModel].str() : modelName;
    for (std::string_view family : kReasoningFamilies)
        if (m.substr(0, family.size()) == family)
            return true;
    return false;
}

Value errorBody(const std::string& message, Value param, Value code)
{
    return Value{{kError, Value{{kMessage, message}, {kType, kInvalidRequest}, {kParam, std::move(param)}, {kCode, std::move(code)}}}};
}

// What the mock handed out: each reasoning item, the item that followed it, whether the
// response was stored; and which item requires which reasoning item.
struct Ledger {
    struct Reasoning {
        Value item;
        std::string follower;
        bool stored = true;
    };
    std::map<std::string, Reasoning, std::less<>> reasoning;
    std::map<std::string, std::string, std::less<>> requires_;
};

Ledger ledgerOf(std::span<const ServedReply> served)
{
    Ledger l;
    for (const ServedReply& s : served) {
        const auto items = s.reply[kOutput].items();
        for (std::size_t i = 0; i < items.size(); ++i) {
            if (items[i][kType].str() != kReasoning || !items[i][kId].isString())
                continue;
            Ledger::Reasoning r{items[i], {}, stored(s.request)};
            if (i + 1 < items.size() && items[i + 1][kId].isString()) {
                r.follower = std::string(items[i + 1][kId].str());
                l.requires_[r.follower] = std::string(items[i][kId].str());
            }
            l.reasoning[std::string(items[i][kId].str())] = std::move(r);
        }
    }
    return l;
}

// "gAAA...DQ==": how the API abbreviates the content it could not verify.
std::string abbreviated(std::string_view s)
{
    return s.size() <= 8 ? std::string(s) : std::string(s.substr(0, 4)) + "..." + std::string(s.substr(s.size() - 4));
}

std::optional<EchoRejection> checkEcho(const Value& body, std::span<const ServedReply> served)
{
    if (const Value& prev = body[kPreviousResponseId]; prev.isString()) {
        bool found = false;
        for (const ServedReply& s : served)
            found = found || (s.reply[kId] == prev && stored(s.request));
        if (!found)
            return EchoRejection{400,
                                 errorBody("Previous response with id '" + std::string(prev.str()) + "' not found.", Value(kPreviousResponseId),
                                           Value("previous_response_not_found")),
                                 {}};
    }
    const Ledger ledger = ledgerOf(served);
    const auto items = body[kInput].items();
    for (std::size_t i = 0; i < items.size(); ++i) {
        const Value& item = items[i];
        const std::string id(item[kId].str());
        if (item[kType].str() == kReasoning) {
            const auto known = ledger.reasoning.find(id);
            if (known == ledger.reasoning.end())
                continue;
            const Value& sent = item[kEncryptedContent];
            if (sent.isNull() && (!stored(body) || !known->second.stored))
                return EchoRejection{404,
                                     errorBody("Item with id '" + id +
                                                   "' not found. Items are not persisted when `store` is set to false. Try again with `store` set "
                                                   "to true, or remove this item from your input.",
                                               Value(kInput), Value()),
                                     {}};
            if (!sent.isNull() && !(sent == known->second.item[kEncryptedContent]))
                return EchoRejection{
                    400,
                    errorBody("The encrypted content " + abbreviated(sent.isString() ? sent.str() : std::string_view()) + " could not be verified.",
                              Value(), Value("invalid_encrypted_content")),
                    {}};
            const std::string& follower = known->second.follower;
            if (!follower.empty() && (i + 1 >= items.size() || items[i + 1][kId].str() != follower))
                return EchoRejection{
                    400,
                    errorBody("Item '" + id + "' of type 'reasoning' was provided without its required following item.", Value(kInput), Value()),
                    {}};
            continue;
        }
        const auto needs = ledger.requires_.find(id);
        if (id.empty() || needs == ledger.requires_.end())
            continue;
        bool present = false;
        for (std::size_t k = 0; k < i; ++k)
            present = present || items[k][kId].str() == needs->second;
        if (!present)
            return EchoRejection{400,
                                 errorBody("Item '" + id + "' of type '" + std::string(item[kType].str()) +
                                               "' was provided without its required 'reasoning' item: '" + needs->second + "'.",
                                           Value(kInput), Value()),
                                 {}};
    }
    return std::nullopt;
}

bool chainsState(const Value& body)
{
    const Value* s = body.find(kStore);
    return s && s->isBool() && s->toBool();
}

// Whether `item` is (or is nested in) one of the reply's output items.
bool inReply(const Value& item, const Value& reply)
{
    for (const Value& out : reply[kOutput].items()) {
        if (out == item)
            return true;
        for (const Value& part : out[kContent].items())
            if (part == item)
                return true;
    }
    return false;
}

Value chainedBody(const Value& body, const Value& previousReply, const Value& roundItems)
{
    std::vector<Value> fresh;
    for (const Value& item : roundItems.items())
        if (!inReply(item, previousReply))
            fresh.push_back(item);
    json::ObjectBuilder b(body);
    b.set(kInput, Value(std::move(fresh)));
    b.set(kPreviousResponseId, previousReply[kId]);
    return std::move(b).build();
}

// Stateless reasoning (§1.5): under store: false the reasoning items can come back only with
// their encrypted content, which `include` asks for. A body naming its own include is the
// user's choice and stays as written.
std::optional<Value> echoableBody(const Value& body)
{
    if (!body.isObject() || stored(body) || body.contains(kInclude) || !requestsReasoning(body, {}))
        return std::nullopt;
    json::ObjectBuilder b(body);
    b.set(kInclude, Value(std::vector<Value>{Value(kIncludeEncrypted)}));
    return std::move(b).build();
}

} // namespace

const ReasoningDialect& reasoningDialect()
{
    static const ReasoningDialect d = [] {
        ReasoningDialect r{Wire::Responses};
        r.requestsReasoning = &requestsReasoning;
        r.checkEcho = &checkEcho;
        r.chainsState = &chainsState;
        r.chainedBody = &chainedBody;
        r.echoableBody = &echoableBody;
        return r;
    }();
    return d;
}

} // namespace tw::wire::responses
