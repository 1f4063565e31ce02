#pragma once
// The History dock: the requests sent (from the window, `send`, `loop`, `run`), newest
// first, found by provider, model, tool name and text; a row opens in the response
// inspector (double-click or Open), is sent again (Re-send), or is saved into the project as
// a preset with its recorded response (Save to Project); Prune removes entries older than N
// days and the oldest beyond a size. Everything goes through the HistoryController.

#include "provider/exchange.h"
#include "widgets/lazy.h"

#include <QWidget>

class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QTableView;

namespace tw::ui {

class HistoryController;
class HistoryModel;

class HistoryPanel : public QWidget {
    Q_OBJECT
public:
    // controller not owned.
    explicit HistoryPanel(HistoryController* controller, QWidget* parent = nullptr);

    // The search fields (provider profile id, model substring, tool name, text).
    void setFilter(const QString& provider, const QString& model, const QString& tool, const QString& text);
    void refresh();
    HistoryModel* model() const { return m_model; }
    QTableView* view() const; // builds the widgets if they are not yet
    QString statusText() const;

    void openRow(int row);
    void resendRow(int row);
    void saveRow(int row);
    void pruneNow(int maxAgeDays, qint64 maxBytes);

Q_SIGNALS:
    // An entry to show in the response inspector (opened, or the reply of a re-send).
    void exchangeOpened(const tw::provider::Exchange& exchange, const QString& source);
    void statusMessage(const QString& message, int ms);

protected:
    void showEvent(QShowEvent* event) override;

private:
    QWidget* buildBody(QWidget* host);
    int currentRow() const;
    void setStatus(const QString& text, bool error = false);

    HistoryController* m_controller; // not owned
    HistoryModel* m_model;
    Lazy<QWidget> m_body;
    // Built with the body:
    QTableView* m_view = nullptr;
    QLineEdit* m_provider = nullptr;
    QLineEdit* m_modelFilter = nullptr;
    QLineEdit* m_tool = nullptr;
    QLineEdit* m_text = nullptr;
    QSpinBox* m_days = nullptr;
    QSpinBox* m_megabytes = nullptr;
    QLabel* m_status = nullptr;
    bool m_stale = true; // entries were recorded while hidden
};

} // namespace tw::ui
