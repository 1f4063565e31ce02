#pragma once
// The loop transcript as a tree: one top-level row per round, and under it the round's
// Request (body), Response (document), Calls (one child per call view) and Results (one
// child per MCP result). Rows appear as the round progresses — a round starts with no
// sections, gains Request/Response/Calls when the provider answered, and Results once the
// calls were executed — and every change is a targeted insert or dataChanged, so views keep
// their expansion and selection while a run is live.
//
// The store is a list of core values (exchanges, call views, results); jsonAt() gives the
// value behind any row, for the detail view.
//
// A result row reads every MCP content block (text; resource links by name, URI and type;
// embedded resources by URI, type and text or size; media by type and size), its
// structuredContent, and the client's outputSchema check (mcp/structured.h): isError results
// and results whose structuredContent fails the outputSchema are shown as errors, the
// finding first; the tooltip has one line per block and per finding.

#include "json/value.h"
#include "provider/exchange.h"
#include "result.h"

#include <QAbstractItemModel>

#include <optional>
#include <vector>

namespace tw::ui {

class TranscriptModel : public QAbstractItemModel {
    Q_OBJECT
public:
    enum Column {
        Item,
        Summary,
        ColumnCount
    };
    enum Section {
        Request,
        Response,
        Calls,
        Results,
        SectionCount
    };
    enum class RoundState {
        Waiting, // the request is out
        Executing, // the provider answered; calls are running
        Paused, // step mode: results are shown and editable
        Done, // results were sent back
        Answered, // the model answered in text: the run's last round
        Failed, // the run ended in this round (error or stop)
    };
    enum Role {
        PrettyJsonRole = Qt::UserRole + 1
    };

    explicit TranscriptModel(QObject* parent = nullptr);

    void clear();
    // Appends a round in the Waiting state; returns its row.
    int addRound(int number);
    void setResponse(int row, const provider::Exchange& exchange);
    void setCalls(int row, std::vector<json::Value> calls);
    // `edited`: the results differ from what the server returned (step mode); nullopt keeps
    // what was said before.
    void setResults(int row, std::vector<json::Value> results, std::optional<bool> edited = std::nullopt);
    void setToolsMs(int row, qint64 ms);
    void setState(int row, RoundState state, std::optional<Error> error = std::nullopt);

    int roundCount() const { return int(m_rounds.size()); }
    RoundState stateAt(int row) const { return m_rounds.at(std::size_t(row)).state; }
    // The JSON behind a row (a round: all of it, as `toolwire loop` prints a round).
    json::Value jsonAt(const QModelIndex& index) const;
    // "Round 2 · Calls · get_weather", for the detail view's caption.
    QString titleAt(const QModelIndex& index) const;
    QModelIndex roundIndex(int row, int column = 0) const { return index(row, column); }
    QModelIndex sectionIndex(int row, Section s, int column = 0) const;

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct RoundData {
        int number = 0;
        RoundState state = RoundState::Waiting;
        std::optional<Error> error;
        int sections = 0; // visible sections, in Section order
        provider::Exchange exchange;
        std::vector<json::Value> calls;
        std::vector<json::Value> results;
        bool edited = false;
        qint64 toolsMs = -1;
    };
    // What a row is: decoded from its internal id (see index()).
    struct Node {
        int round = -1;
        int section = -1; // -1: the round row
        int item = -1; // -1: a round or section row
    };
    Node nodeOf(const QModelIndex& index) const;
    QString roundSummary(const RoundData& r) const;
    QString sectionSummary(const RoundData& r, int section) const;
    QString itemLabel(const RoundData& r, int section, int item) const;
    QString itemSummary(const RoundData& r, int section, int item) const;
    bool itemIsError(const RoundData& r, int section, int item) const;
    void showSections(int row, int count);
    void roundChanged(int row);
    void sectionChanged(int row, Section s);
    // Replaces a section's child list, inserting or removing the tail rows.
    void replaceChildren(int row, Section s, std::vector<json::Value>& store, std::vector<json::Value> items);

    std::vector<RoundData> m_rounds;
};

} // namespace tw::ui
