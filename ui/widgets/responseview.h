#pragma once
// The response inspector: what came back and what was read from it. Status, timings and
// headers; raw bytes; pretty JSON; the stream timeline; the calls table with its flags; the
// final text. Any provider response can be pasted or dropped here (JSON, SSE, NDJSON, Hermes
// text) and is extracted the same way as a received one.

#include "controllers/sendcontroller.h"
#include "provider/exchange.h"
#include "widgets/lazy.h"

#include <QWidget>

class QLabel;
class QPlainTextEdit;
class QTableView;
class QTabWidget;

namespace tw::ui {

class CallsModel;
class EventsModel;
class JsonEditor;
class ProjectDocument;

class ResponseView : public QWidget {
    Q_OBJECT
public:
    explicit ResponseView(ProjectDocument* doc, QWidget* parent = nullptr); // doc not owned

    void showExchange(const provider::Exchange& x);
    // Extracts a pasted or loaded response; `source` names it in the summary.
    void showPasted(const QByteArray& bytes, const QString& source);
    void pasteFromClipboard();
    void openFile();
    void clear();

    // Live streaming: the request went out; events arrive; calls grow. The updates are
    // SendController's batches: each is applied as it is (rows appended, changed calls
    // rebuilt, text appended), never by rebuilding what is already shown.
    void beginLive(const provider::Exchange& request);
    void appendEvent(const LiveUpdate& update);
    void showLiveCalls(const LiveUpdate& update);

    CallsModel* callsModel() const { return m_calls; }
    QTableView* callsView() const { return m_callsView; }
    QTableView* eventsView() const { return m_eventsView; }
    JsonEditor* eventDetail() const;
    QPlainTextEdit* textView() const { return m_text; }
    void showEventsTab();
    // Why the Events table is empty (empty while it has rows).
    QString eventsNote() const;
    QString summary() const;

Q_SIGNALS:
    void statusMessage(const QString& message);
    // A response (pasted, dropped, opened, sent or on its way) is now what the view shows:
    // the window brings the view to the front (it is tabbed with the request and the loop).
    void responseShown();

protected:
    void dragEnterEvent(QDragEnterEvent* e) override;
    void dropEvent(QDropEvent* e) override;

private:
    void showReply(const wire::Reply& reply, std::optional<wire::Wire> w);
    void showEventData(int row);
    void selectFirstEvent();
    void fitCallColumns();
    void fitEventColumns();
    int columnCap() const; // the widest a first column gets
    // The wires whose dialect reads `bytes` as its provider's error body.
    static std::vector<wire::Wire> errorBodyOwners(std::string_view bytes);
    QString errorBodyWires(const wire::Reply& reply) const;
    void setSummary(const QString& s, bool error = false);
    // Pretty and Raw: what they will show, set into the widget when the tab is shown.
    void setRawLater(const QByteArray& bytes);
    void setPrettyLater(const json::Value& document);
    void fillShownTab();
    void refreshEventsNote();

    ProjectDocument* m_doc; // not owned
    QLabel* m_summary;
    QTabWidget* m_tabs;
    QTableView* m_callsView;
    CallsModel* m_calls;
    QPlainTextEdit* m_callDetail;
    QPlainTextEdit* m_text;
    Lazy<JsonEditor> m_pretty; // the editors: built when first seen (widgets/lazy.h)
    QPlainTextEdit* m_raw;
    QWidget* m_eventsPage; // the Events tab
    QLabel* m_eventsNote;
    QTableView* m_eventsView;
    EventsModel* m_events;
    Lazy<JsonEditor> m_eventDetail;
    Lazy<JsonEditor> m_request;
    QByteArray m_rawPending;
    bool m_rawFilled = true;
    json::Value m_prettyPending;
    bool m_prettyFilled = true;
    qsizetype m_liveTextChars = 0; // the live text shown so far (it stops at a cap)
    std::vector<wire::Wire> m_errorOwners; // a pasted error body: the wires it could be from
};

} // namespace tw::ui
