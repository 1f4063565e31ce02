#pragma once
// The Run results dock: Run All Presets (the core runner, as `toolwire run`), one row per
// preset with pass or fail, the checks passed and the first failed expectation; the selected
// preset's checks in words below; double-click opens the preset's exchange in the response
// inspector.

#include "provider/exchange.h"

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
    QTableView* view() const { return m_view; }
    QString summary() const;
    QString detailText() const;
    void openRow(int row);

Q_SIGNALS:
    void exchangeOpened(const tw::provider::Exchange& exchange, const QString& source);
    void statusMessage(const QString& message, int ms);

private:
    void showDetail(int row);

    RunController* m_controller; // not owned
    QAction* m_runAll;
    QAction* m_stop;
    QTableView* m_view;
    QPlainTextEdit* m_detail;
    QLabel* m_summary;
};

} // namespace tw::ui
