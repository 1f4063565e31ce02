#include "models/protocollogmodel.h"

#include "json/json.h"
#include "util/strings.h"

#include <QBrush>
#include <QColor>
#include <QFontDatabase>

namespace tw::ui {

namespace {
// JSON-RPC 2.0 members.
constexpr std::string_view kId = "id", kMethod = "method", kParams = "params", kResult = "result", kError = "error", kCode = "code",
                           kMessage = "message";

std::string idKey(const json::Value& id) { return json::compact(id); }
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
    if (result["isError"].toBool())
        return s + QStringLiteral(" · ") + tr("result (isError)");
    if (const json::Value* tools = result.find("tools"))
        return s + QStringLiteral(" · ") + tr("%n tool(s)", nullptr, int(tools->size()));
    if (const json::Value* info = result.find("serverInfo"))
        return s + QStringLiteral(" · ") + toQString((*info)["name"].str()) + QLatin1Char(' ') + toQString((*info)["version"].str()) +
            QStringLiteral(" · ") + toQString(result["protocolVersion"].str());
    return s + QStringLiteral(" · ") + tr("result");
}

void ProtocolLogModel::append(const mcp::LogEntry& entry)
{
    const int row = int(m_entries.size());
    QString summary = summarize(entry);
    const bool error = entry.message.isObject() && (entry.message.contains(kError) || entry.message[kResult]["isError"].toBool());
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
    endResetModel();
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
