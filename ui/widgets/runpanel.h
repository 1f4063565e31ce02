#pragma once
// The Run results dock: Run All Presets (the core runner, as `toolwire run`), one row per
// preset with pass or fail, the checks passed and the first failed expectation; the selected
// preset's checks in words below; double-click opens the preset's exchange in the response
// inspector.

#include "provider/exchange.h"
#include "widgets/lazy.h"

#include <QWidget>

class QAction;
class QLabel;
class QPlainTextEdit;
class QTableView;

namespace tw::ui {

class RunController;

class RunPanel : public QWidget {
    Q_OBJECT
public:
    // controller not owned.
    explicit RunPanel(RunController* controller, QWidget* parent = nullptr);

    QAction* runAllAction() const { return m_runAll; }
    QAction* stopAction() const { return m_stop; }
    QTableView* view() const; // builds the panel's widgets if they are not yet
    QString summary() const;
    QString detailText() const;
    void openRow(int row);

Q_SIGNALS:
    void exchangeOpened(const tw::provider::Exchange& exchange, const QString& source);
    void statusMessage(const QString& message, int ms);

private:
    QWidget* buildBody(QWidget* host);
    void showDetail(int row);

    RunController* m_controller; // not owned
    QAction* m_runAll;
    QAction* m_stop;
    Lazy<QWidget> m_body;
    // Built with the body:
    QTableView* m_view = nullptr;
    QPlainTextEdit* m_detail = nullptr;
    QLabel* m_summary = nullptr;
};

} // namespace tw::ui
