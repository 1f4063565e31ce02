#pragma once
// One wire's tab: the live conversion as the wire spells it, read-only, exactly the bytes
// core serialized (key order as sent), with copy and save.

#include <QWidget>

class QCheckBox;
class QLabel;

namespace tw::ui {

class JsonEditor;

class WireView : public QWidget {
    Q_OBJECT
public:
    explicit WireView(const QString& wireLabel, QWidget* parent = nullptr);

    void showContent(const QString& text); // keeps the scroll position
    void showError(const QString& message); // keeps the last good content visible
    QString content() const;
    bool showsWholeRequest() const;

Q_SIGNALS:
    void modeChanged(bool wholeRequest);

private:
    void saveToFile();

    QString m_wireLabel;
    JsonEditor* m_view;  // owned by this widget
    QCheckBox* m_whole;  // owned by this widget
    QLabel* m_status;    // owned by this widget
};

} // namespace tw::ui
