#include "models/transcriptmodel.h"

#include "json/json.h"
#include "mcp/jsonkeys.h"
#include "mcp/structured.h"
#include "model/toolcall.h"
#include "model/toolresult.h"
#include "util/strings.h"

#include <QBrush>
#include <QColor>
#include <QFont>

namespace tw::ui {

// Internal ids: 0 for a round row; for the rows below a round, (round + 1) << 3 in the high
// bits, and in the low 3 bits 0 for a section row or (section + 1) for an item row (whose
// section is then known, and whose row is the item). Sections fit in 3 bits (4 of them).
namespace {
// MCP CallToolResult members (the result shape is MCP's, not a wire's).
constexpr std::string_view kContent = "content", kIsError = "isError", kType = "type", kText = "text";

constexpr quintptr kSectionBits = 3;
constexpr quintptr kSectionMask = (quintptr(1) << kSectionBits) - 1;
static_assert(TranscriptModel::SectionCount < int(kSectionMask));

quintptr sectionId(int round) { return (quintptr(round) + 1) << kSectionBits; }
quintptr itemId(int round, int section) { return sectionId(round) | quintptr(section + 1); }

QString oneLine(QString s, int max = 160)
{
    s.replace(QLatin1Char('\n'), QLatin1Char(' '));
    if (s.size() > max)
        s = s.left(max - 1) + QChar(0x2026);
    return s;
}

// One MCP content block as a line: text as is; a resource link by name, URI and type; an
// embedded resource by URI, type and its text (or size); media by type and size.
QString blockText(const json::Value& block)
{
    namespace ck = model::contentkeys;
    const std::string_view type = block[kType].str();
    if (type == kText)
        return toQString(block[kText].str());
    auto mimeSuffix = [](const json::Value& mime) {
        return mime.isString() ? QStringLiteral(" (") + toQString(mime.str()) + QLatin1Char(')') : QString();
    };
    if (type == ck::kTypeResourceLink) {
        QString name = toQString(block[mcp::keys::kTitle].isString() ? block[mcp::keys::kTitle].str() : block[ck::kName].str());
        return TranscriptModel::tr("link: %1 <%2>").arg(name, toQString(block[ck::kUri].str())) + mimeSuffix(block[ck::kMimeType]);
    }
    if (type == ck::kTypeResource) {
        const json::Value& r = block[ck::kResource];
        QString s = TranscriptModel::tr("resource <%1>").arg(toQString(r[ck::kUri].str())) + mimeSuffix(r[ck::kMimeType]);
        if (r[ck::kText].isString())
            return s + QStringLiteral(": ") + toQString(r[ck::kText].str());
        if (r[ck::kBlob].isString())
            return s + QStringLiteral(", ") + TranscriptModel::tr("%n byte(s)", nullptr, int(model::base64DecodedSize(r[ck::kBlob].str())));
        return s;
    }
    if (block[ck::kData].isString())
        return QLatin1Char('[') + toQString(type) + QStringLiteral("] ") + toQString(block[ck::kMimeType].str()) + QStringLiteral(", ") +
            TranscriptModel::tr("%n byte(s)", nullptr, int(model::base64DecodedSize(block[ck::kData].str())));
    return toQString(model::partText(block));
}

// Every content block of an MCP result, one per line, then its structuredContent when the
// blocks do not already say it, and the outputSchema check's findings.
QStringList resultLines(const json::Value& result)
{
    QStringList lines;
    for (const json::Value& block : result[kContent].items())
        lines << blockText(block);
    const json::Value* structured = result.find(mcp::keys::kStructuredContent);
    const QString structuredText = structured ? toQString(json::compact(*structured)) : QString();
    if (structured && !lines.contains(structuredText))
        lines << TranscriptModel::tr("structuredContent: %1").arg(structuredText);
    const json::Value& check = result[mcp::keys::kOutputSchemaCheck];
    if (check.isObject()) {
        if (check["valid"].toBool())
            lines << TranscriptModel::tr("structuredContent matches the outputSchema");
        for (const json::Value& v : check["violations"].items())
            lines << TranscriptModel::tr("outputSchema: %1%2")
                         .arg(v["path"].str().empty() ? QString() : toQString(v["path"].str()) + QStringLiteral(": "), toQString(v["message"].str()));
        for (const json::Value& k : check["unsupported"].items())
            lines << TranscriptModel::tr("outputSchema: %1 not checked (unsupported)").arg(toQString(k.str()));
    }
    if (lines.isEmpty())
        lines << toQString(json::compact(result));
    return lines;
}

bool failedCheck(const json::Value& result)
{
    const json::Value& check = result[mcp::keys::kOutputSchemaCheck];
    return check.isObject() && !check["valid"].toBool(true);
}

QString timingText(const provider::Exchange& x) { return x.timing.totalMs >= 0 ? TranscriptModel::tr("%1 ms").arg(x.timing.totalMs) : QString(); }
} // namespace

TranscriptModel::TranscriptModel(QObject* parent) : QAbstractItemModel(parent) { }

void TranscriptModel::clear()
{
    if (m_rounds.empty())
        return;
    beginResetModel();
    m_rounds.clear();
    endResetModel();
}

int TranscriptModel::addRound(int number)
{
    const int row = int(m_rounds.size());
    beginInsertRows({}, row, row);
    RoundData r;
    r.number = number;
    m_rounds.push_back(std::move(r));
    endInsertRows();
    return row;
}

void TranscriptModel::showSections(int row, int count)
{
    RoundData& r = m_rounds[std::size_t(row)];
    if (count <= r.sections)
        return;
    beginInsertRows(index(row, 0), r.sections, count - 1);
    r.sections = count;
    endInsertRows();
}

void TranscriptModel::roundChanged(int row) { Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1)); }

void TranscriptModel::sectionChanged(int row, Section s)
{
    if (int(s) < m_rounds[std::size_t(row)].sections)
        Q_EMIT dataChanged(sectionIndex(row, s, 0), sectionIndex(row, s, ColumnCount - 1));
}

void TranscriptModel::setResponse(int row, const provider::Exchange& exchange)
{
    RoundData& r = m_rounds.at(std::size_t(row));
    r.exchange = exchange;
    if (r.state == RoundState::Waiting)
        r.state = RoundState::Executing;
    sectionChanged(row, Request);
    sectionChanged(row, Response);
    showSections(row, Calls + 1);
    roundChanged(row);
}

void TranscriptModel::replaceChildren(int row, Section s, std::vector<json::Value>& store, std::vector<json::Value> items)
{
    const bool visible = int(s) < m_rounds[std::size_t(row)].sections;
    if (!visible) {
        // Not shown yet: its children arrive with the section row.
        store = std::move(items);
        return;
    }
    const QModelIndex parent = sectionIndex(row, s);
    const int oldN = int(store.size()), newN = int(items.size());
    if (newN > oldN) {
        beginInsertRows(parent, oldN, newN - 1);
        store = std::move(items);
        endInsertRows();
    } else if (newN < oldN) {
        beginRemoveRows(parent, newN, oldN - 1);
        store = std::move(items);
        endRemoveRows();
    } else {
        store = std::move(items);
    }
    const int kept = std::min(oldN, newN);
    if (kept > 0)
        Q_EMIT dataChanged(index(0, 0, parent), index(kept - 1, ColumnCount - 1, parent));
    sectionChanged(row, s);
}

void TranscriptModel::setCalls(int row, std::vector<json::Value> calls)
{
    RoundData& r = m_rounds.at(std::size_t(row));
    replaceChildren(row, Calls, r.calls, std::move(calls));
    roundChanged(row);
}

void TranscriptModel::setResults(int row, std::vector<json::Value> results, std::optional<bool> edited)
{
    RoundData& r = m_rounds.at(std::size_t(row));
    if (edited)
        r.edited = *edited;
    if (r.sections < Calls + 1)
        showSections(row, Calls + 1);
    replaceChildren(row, Results, r.results, std::move(results));
    showSections(row, Results + 1);
    roundChanged(row);
}

void TranscriptModel::setToolsMs(int row, qint64 ms)
{
    m_rounds.at(std::size_t(row)).toolsMs = ms;
    roundChanged(row);
}

void TranscriptModel::setState(int row, RoundState state, std::optional<Error> error)
{
    RoundData& r = m_rounds.at(std::size_t(row));
    r.state = state;
    r.error = std::move(error);
    roundChanged(row);
}

QModelIndex TranscriptModel::sectionIndex(int row, Section s, int column) const { return index(int(s), column, index(row, 0)); }

TranscriptModel::Node TranscriptModel::nodeOf(const QModelIndex& index) const
{
    if (!index.isValid())
        return {};
    const quintptr id = index.internalId();
    if (id == 0)
        return {index.row(), -1, -1};
    const int round = int(id >> kSectionBits) - 1;
    const quintptr low = id & kSectionMask;
    if (low == 0)
        return {round, index.row(), -1};
    return {round, int(low) - 1, index.row()};
}

QModelIndex TranscriptModel::index(int row, int column, const QModelIndex& parent) const
{
    if (!hasIndex(row, column, parent))
        return {};
    if (!parent.isValid())
        return createIndex(row, column, quintptr(0));
    const Node p = nodeOf(parent);
    if (p.section < 0)
        return createIndex(row, column, sectionId(p.round));
    if (p.item < 0)
        return createIndex(row, column, itemId(p.round, p.section));
    return {};
}

QModelIndex TranscriptModel::parent(const QModelIndex& child) const
{
    const Node n = nodeOf(child);
    if (n.round < 0 || n.section < 0)
        return {};
    if (n.item < 0)
        return createIndex(n.round, 0, quintptr(0));
    return createIndex(n.section, 0, sectionId(n.round));
}

int TranscriptModel::rowCount(const QModelIndex& parent) const
{
    if (!parent.isValid())
        return int(m_rounds.size());
    if (parent.column() != 0)
        return 0;
    const Node n = nodeOf(parent);
    if (n.round < 0 || n.round >= int(m_rounds.size()))
        return 0;
    const RoundData& r = m_rounds[std::size_t(n.round)];
    if (n.section < 0)
        return r.sections;
    if (n.item >= 0)
        return 0;
    if (n.section == Calls)
        return int(r.calls.size());
    if (n.section == Results)
        return int(r.results.size());
    return 0;
}

int TranscriptModel::columnCount(const QModelIndex&) const { return ColumnCount; }

QString TranscriptModel::roundSummary(const RoundData& r) const
{
    QStringList calls;
    for (const json::Value& c : r.calls)
        calls << toQString(c[model::callkey::Name].str());
    const QString names = calls.join(QStringLiteral(", "));
    const QString timing = timingText(r.exchange);
    switch (r.state) {
    case RoundState::Waiting: return tr("waiting for the provider…");
    case RoundState::Executing: return names.isEmpty() ? tr("reading the reply…") : tr("executing %1…").arg(names);
    case RoundState::Paused: return tr("paused: %1 — results editable").arg(names);
    case RoundState::Done: {
        QString s = tr("%n call(s): %1", nullptr, int(r.calls.size())).arg(names);
        if (!timing.isEmpty())
            s += QStringLiteral(" · ") + tr("provider %1").arg(timing);
        if (r.toolsMs >= 0)
            s += QStringLiteral(" · ") + tr("tools %1 ms").arg(r.toolsMs);
        if (r.edited)
            s += QStringLiteral(" · ") + tr("results edited");
        return s;
    }
    case RoundState::Answered: return timing.isEmpty() ? tr("text answer") : tr("text answer · %1").arg(timing);
    case RoundState::Failed:
        return r.error ? toQString(r.error->category) + QStringLiteral(": ") + oneLine(toQString(r.error->message)) : tr("failed");
    }
    return {};
}

QString TranscriptModel::sectionSummary(const RoundData& r, int section) const
{
    const provider::Exchange& x = r.exchange;
    switch (section) {
    case Request: return toQString(x.method) + QLatin1Char(' ') + toQString(x.url);
    case Response: {
        QString s = x.status ? tr("HTTP %1").arg(x.status) : tr("no response");
        const QString timing = timingText(x);
        if (!timing.isEmpty())
            s += QStringLiteral(" · ") + timing;
        if (x.error)
            s += QStringLiteral(" · ") + oneLine(toQString(x.error->message.empty() ? x.error->category : x.error->message));
        return s;
    }
    case Calls:
        if (r.calls.empty()) {
            if (r.state == RoundState::Waiting || r.state == RoundState::Executing)
                return {};
            return r.state == RoundState::Answered ? tr("none (text answer)") : tr("none");
        }
        return tr("%n call(s)", nullptr, int(r.calls.size()));
    case Results: {
        int errors = 0;
        int failedChecks = 0;
        for (const json::Value& v : r.results) {
            errors += v[kIsError].toBool() ? 1 : 0;
            failedChecks += failedCheck(v) ? 1 : 0;
        }
        QString s = tr("%n result(s)", nullptr, int(r.results.size()));
        if (errors)
            s += QStringLiteral(" · ") + tr("%n error(s)", nullptr, errors);
        if (failedChecks)
            s += QStringLiteral(" · ") + tr("%n outputSchema mismatch(es)", nullptr, failedChecks);
        if (r.state == RoundState::Paused)
            s += QStringLiteral(" · ") + tr("not sent yet");
        else if (r.edited)
            s += QStringLiteral(" · ") + tr("edited");
        return s;
    }
    }
    return {};
}

QString TranscriptModel::itemLabel(const RoundData& r, int section, int item) const
{
    // A result is labelled with the call it answers.
    if (item < int(r.calls.size()))
        return toQString(r.calls[std::size_t(item)][model::callkey::Name].str());
    return section == Results ? tr("result %1").arg(item + 1) : tr("call %1").arg(item + 1);
}

QString TranscriptModel::itemSummary(const RoundData& r, int section, int item) const
{
    if (section == Calls) {
        const json::Value& c = r.calls[std::size_t(item)];
        QString s = oneLine(toQString(json::compact(c[model::callkey::Arguments])));
        if (c[model::callkey::ArgumentsUndecodable].toBool())
            s = tr("undecodable: ") + oneLine(toQString(c[model::callkey::ArgumentsError].str()));
        return s;
    }
    const json::Value& v = r.results[std::size_t(item)];
    QStringList lines = resultLines(v);
    if (failedCheck(v)) // the finding first, where it is seen
        lines.prepend(toQString(mcp::checkSummary(v[mcp::keys::kOutputSchemaCheck])));
    const QString text = oneLine(lines.join(QStringLiteral(" · ")));
    return v[kIsError].toBool() ? tr("isError: %1").arg(text) : text;
}

bool TranscriptModel::itemIsError(const RoundData& r, int section, int item) const
{
    if (section == Calls)
        return r.calls[std::size_t(item)][model::callkey::ArgumentsUndecodable].toBool();
    const json::Value& v = r.results[std::size_t(item)];
    return v[kIsError].toBool() || failedCheck(v);
}

QVariant TranscriptModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const Node n = nodeOf(index);
    const RoundData& r = m_rounds[std::size_t(n.round)];
    static const QColor kError(0xc0, 0x30, 0x30);

    if (role == PrettyJsonRole)
        return toQString(json::pretty(jsonAt(index)));

    if (n.section < 0) {
        switch (role) {
        case Qt::DisplayRole: return index.column() == Item ? tr("Round %1").arg(r.number) : roundSummary(r);
        case Qt::ToolTipRole: return roundSummary(r);
        case Qt::FontRole:
            if (index.column() == Item) {
                QFont f;
                f.setBold(true);
                return f;
            }
            return {};
        case Qt::ForegroundRole:
            if (r.state == RoundState::Failed && index.column() == Summary)
                return QBrush(kError);
            return {};
        }
        return {};
    }

    if (n.item < 0) {
        static const char* const kNames[] = {QT_TR_NOOP("Request"), QT_TR_NOOP("Response"), QT_TR_NOOP("Calls"), QT_TR_NOOP("Results")};
        switch (role) {
        case Qt::DisplayRole:
        case Qt::ToolTipRole: return index.column() == Item ? tr(kNames[n.section]) : sectionSummary(r, n.section);
        case Qt::ForegroundRole:
            if (n.section == Response && index.column() == Summary && r.exchange.error)
                return QBrush(kError);
            return {};
        }
        return {};
    }

    switch (role) {
    case Qt::DisplayRole: return index.column() == Item ? itemLabel(r, n.section, n.item) : itemSummary(r, n.section, n.item);
    case Qt::ToolTipRole: {
        if (n.section == Results) {
            const json::Value& v = r.results[std::size_t(n.item)];
            QStringList lines;
            for (const QString& line : resultLines(v))
                lines << oneLine(line, 300);
            if (v[kIsError].toBool())
                lines.prepend(tr("isError: the tool reports a failure"));
            return lines.join(QLatin1Char('\n'));
        }
        return oneLine(toQString(json::compact(r.calls[std::size_t(n.item)])), 2000);
    }
    case Qt::ForegroundRole:
        if (index.column() == Summary && itemIsError(r, n.section, n.item))
            return QBrush(kError);
        return {};
    }
    return {};
}

json::Value TranscriptModel::jsonAt(const QModelIndex& index) const
{
    const Node n = nodeOf(index);
    if (n.round < 0 || n.round >= int(m_rounds.size()))
        return {};
    const RoundData& r = m_rounds[std::size_t(n.round)];
    const provider::Exchange& x = r.exchange;
    json::Value response = x.document;
    if (response.isNull() && !x.raw.isEmpty())
        response = json::Value(toStdString(x.raw)); // not JSON: the text as received
    switch (n.section) {
    case -1: {
        json::Value error;
        if (r.error)
            error = json::Value{{"category", r.error->category}, {"message", r.error->message}};
        return json::Value{{"round", r.number},
                           {"request", provider::requestToJson(x)},
                           {"status", x.status ? json::Value(x.status) : json::Value()},
                           {"response", response},
                           {"calls", json::Value(r.calls)},
                           {"results", json::Value(r.results)},
                           {"timing", provider::timingToJson(x).set("tools_ms", r.toolsMs >= 0 ? json::Value(r.toolsMs) : json::Value())},
                           {"error", error}};
    }
    case Request: return x.requestBody;
    case Response: return response;
    case Calls: return n.item < 0 ? json::Value(r.calls) : r.calls[std::size_t(n.item)];
    case Results: return n.item < 0 ? json::Value(r.results) : r.results[std::size_t(n.item)];
    }
    return {};
}

QString TranscriptModel::titleAt(const QModelIndex& index) const
{
    const Node n = nodeOf(index);
    if (n.round < 0)
        return {};
    const RoundData& r = m_rounds[std::size_t(n.round)];
    QString title = tr("Round %1").arg(r.number);
    if (n.section >= 0)
        title += QStringLiteral(" · ") + data(this->index(n.section, 0, this->index(n.round, 0))).toString();
    if (n.item >= 0)
        title += QStringLiteral(" · ") + itemLabel(r, n.section, n.item);
    if (n.section == Request)
        title += QStringLiteral(" · ") + tr("body sent to %1").arg(toQString(r.exchange.url));
    return title;
}

QVariant TranscriptModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    return section == Item ? tr("Round") : section == Summary ? tr("Summary") : QVariant();
}

} // namespace tw::ui
