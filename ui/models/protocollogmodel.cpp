#include "models/protocollogmodel.h"

#include "json/json.h"
#include "mcp/era.h"
#include "mcp/jsonkeys.h"
#include "util/strings.h"

#include <QBrush>
#include <QColor>
#include <QFontDatabase>

namespace tw::ui {

namespace {
namespace k = mcp::keys;
// JSON-RPC 2.0 members.
constexpr std::string_view kId = k::kId, kMethod = k::kMethod, kParams = k::kParams, kResult = k::kResult, kError = k::kError, kCode = k::kCode,
                           kMessage = k::kMessage;

std::string idKey(const json::Value& id) { return json::compact(id); }

QString joined(const json::Value& list)
{
    QStringList parts;
    for (const json::Value& v : list.items())
        parts << toQString(v.isString() ? std::string(v.str()) : json::compact(v));
    return parts.join(QStringLiteral(", "));
}

// The client's notes on the era start so (mcp/client.cpp).
const QString kEraNote = QStringLiteral("MCP revision: ");
} // namespace

ProtocolLogModel::ProtocolLogModel(QObject* parent) : QAbstractTableModel(parent) { }

QString ProtocolLogModel::summarize(const mcp::LogEntry& e)
{
    const json::Value& m = e.message;
    if (e.direction == mcp::LogEntry::Direction::Diagnostic || !m.isObject())
        return m.isString() ? toQString(m.str()) : toQString(json::compact(m));
    const bool sent = e.direction == mcp::LogEntry::Direction::Sent;
    const json::Value* id = m.find(kId);
    const json::Value* method = m.find(kMethod);
    if (method) {
        QString s = toQString(method->str());
        if (id) {
            s += QStringLiteral(" #") + toQString(idKey(*id));
            (sent ? m_sentMethods : m_receivedMethods)[idKey(*id)] = std::string(method->str());
        }
        // What a tools/call calls is the interesting part of the line.
        const json::Value& name = m[kParams]["name"];
        if (name.isString())
            s += QStringLiteral(" · ") + toQString(name.str());
        if (m[kParams].contains(k::kRequestState))
            s += QStringLiteral(" · ") + tr("retry with requestState");
        const std::string_view revision = mcp::metaProtocolVersion(m);
        if (!revision.empty())
            s += QStringLiteral(" · ") + toQString(revision);
        return s;
    }
    // A response: it answers a request that went the other way.
    QString s = id ? QStringLiteral("#") + toQString(idKey(*id)) : QStringLiteral("#?");
    if (id) {
        const auto& requests = sent ? m_receivedMethods : m_sentMethods;
        if (auto it = requests.find(idKey(*id)); it != requests.end())
            s += QLatin1Char(' ') + toQString(it->second);
    }
    if (const json::Value* err = m.find(kError))
        return s + QStringLiteral(" · ") + tr("error %1: %2").arg(toQString(json::compact((*err)[kCode])), toQString((*err)[kMessage].str()));
    const json::Value& result = m[kResult];
    if (result[k::kResultType].str() == k::kResultInputRequired) {
        QStringList asked;
        for (const json::Member& r : result[k::kInputRequests].members())
            asked << toQString(r.name()) + QStringLiteral(" (") + toQString(r.value[kMethod].str()) + QLatin1Char(')');
        return s + QStringLiteral(" · ") +
            (asked.isEmpty() ? tr("input required (requestState only)") : tr("input required: %1").arg(asked.join(QStringLiteral(", "))));
    }
    if (result["isError"].toBool())
        return s + QStringLiteral(" · ") + tr("result (isError)");
    if (const json::Value* versions = result.find(k::kSupportedVersions)) {
        const json::Value& info = result[k::kMeta][k::kMetaServerInfo];
        return s + QStringLiteral(" · ") + toQString(info["name"].str()) + QLatin1Char(' ') + toQString(info["version"].str()) +
            QStringLiteral(" · ") + tr("supports %1").arg(joined(*versions));
    }
    if (result.contains(k::kStructuredContent))
        return s + QStringLiteral(" · ") + tr("result with structuredContent");
    if (const json::Value* tools = result.find("tools"))
        return s + QStringLiteral(" · ") + tr("%n tool(s)", nullptr, int(tools->size()));
    if (const json::Value* info = result.find("serverInfo"))
        return s + QStringLiteral(" · ") + toQString((*info)["name"].str()) + QLatin1Char(' ') + toQString((*info)["version"].str()) +
            QStringLiteral(" · ") + toQString(result["protocolVersion"].str());
    return s + QStringLiteral(" · ") + tr("result");
}

void ProtocolLogModel::noteEra(const mcp::LogEntry& e)
{
    if (e.direction != mcp::LogEntry::Direction::Diagnostic || !e.message.isString())
        return;
    const QString text = toQString(e.message.str());
    if (!text.startsWith(kEraNote))
        return;
    // "MCP revision: 2026-07-28 — …" settles it; "MCP revision: auto — probing…" does not.
    const QString revision = text.mid(kEraNote.size()).section(QLatin1Char(' '), 0, 0);
    if (revision.size() == 10 && revision.at(4) == QLatin1Char('-') && text.contains(QStringLiteral(" answered")) && revision != m_era) {
        m_era = revision;
        Q_EMIT eraChanged(m_era);
    }
}

void ProtocolLogModel::append(const mcp::LogEntry& entry)
{
    const int row = int(m_entries.size());
    QString summary = summarize(entry);
    noteEra(entry);
    const bool error = entry.problem || (entry.message.isObject() && (entry.message.contains(kError) || entry.message[kResult]["isError"].toBool()));
    beginInsertRows({}, row, row);
    m_entries.push_back(entry);
    m_summaries.push_back(std::move(summary));
    m_errors.push_back(error);
    endInsertRows();
}

void ProtocolLogModel::clear()
{
    if (m_entries.empty())
        return;
    beginResetModel();
    m_entries.clear();
    m_summaries.clear();
    m_errors.clear();
    m_sentMethods.clear();
    m_receivedMethods.clear();
    const bool hadEra = !m_era.isEmpty();
    m_era.clear();
    endResetModel();
    if (hadEra)
        Q_EMIT eraChanged(QString());
}

const mcp::LogEntry* ProtocolLogModel::entryAt(int row) const
{
    return row >= 0 && row < int(m_entries.size()) ? &m_entries[std::size_t(row)] : nullptr;
}

int ProtocolLogModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(m_entries.size()); }
int ProtocolLogModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant ProtocolLogModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const std::size_t row = std::size_t(index.row());
    const mcp::LogEntry& e = m_entries[row];
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case Time: return QString::number(double(e.tMs) / 1000.0, 'f', 3);
        case Direction:
            switch (e.direction) {
            case mcp::LogEntry::Direction::Sent: return tr("→ sent");
            case mcp::LogEntry::Direction::Received: return tr("← received");
            case mcp::LogEntry::Direction::Diagnostic: return tr("· note");
            }
            return {};
        case Message: return m_summaries[row];
        }
        return {};
    case Qt::ToolTipRole:
        if (index.column() == Message)
            return m_summaries[row];
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == Time)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::FontRole:
        if (index.column() == Time)
            return QFontDatabase::systemFont(QFontDatabase::FixedFont);
        return {};
    case Qt::ForegroundRole:
        if (index.column() == Message && m_errors[row])
            return QBrush(QColor(0xc0, 0x30, 0x30));
        if (e.direction == mcp::LogEntry::Direction::Diagnostic)
            return QBrush(QColor(0x80, 0x80, 0x80));
        return {};
    }
    return {};
}

QVariant ProtocolLogModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Time: return tr("Time (s)");
    case Direction: return tr("Direction");
    case Message: return tr("Message");
    }
    return {};
}

} // namespace tw::ui
