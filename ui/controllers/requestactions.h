#pragma once
// The Request menu's actions: Send (Ctrl+Enter) the Request dock's current preset, Cancel,
// Copy as curl and Copy as raw HTTP (the key never in the clipboard). While a request runs,
// Send is off and Cancel on. The response inspector follows the request from here: the
// request as sent, its events as they arrive, the calls as they grow, then the exchange.
// When the project would send a key where the user has not allowed (provider/trust.h),
// Send asks once, naming the variable and the origin: Allow once, Always for this project
// (remembered outside the project), or Cancel.

#include "provider/trust.h"

#include <QObject>

#include <functional>

class QAction;
class QMenu;
class QWidget;

namespace tw::ui {

class PresetEditor;
class ResponseView;
class SendController;
class WirePreviewController;

class RequestActions : public QObject {
    Q_OBJECT
public:
    // Nothing is owned; the actions are children of `window`.
    RequestActions(SendController* send, WirePreviewController* preview, PresetEditor* presets, ResponseView* response, QWidget* window);

    enum class Consent {
        Cancel,
        Once,
        Always
    };
    using ConsentAsker = std::function<Consent(const provider::KeyDestination&)>;
    // Replaces the question's dialog (tests answer without one).
    void setConsentAsker(ConsentAsker ask) { m_ask = std::move(ask); }

    QAction* sendAction() const { return m_send; }
    QAction* cancelAction() const { return m_cancel; }
    void addTo(QMenu* menu) const;

Q_SIGNALS:
    void statusMessage(const QString& message, int ms);
    void sent(); // a request went out (the last-sent diff target changed)

private:
    void sendCurrent();
    void copyExport(bool curl);
    void onConsentNeeded(int presetIndex, const provider::KeyDestination& where);
    Consent askConsent(const provider::KeyDestination& where) const;

    SendController* m_sender; // not owned
    WirePreviewController* m_preview; // not owned
    PresetEditor* m_presets; // not owned
    ResponseView* m_response; // not owned
    QAction* m_send;
    QAction* m_cancel;
    QAction* m_curl;
    QAction* m_raw;
    QWidget* m_window; // not owned: the dialog's parent
    ConsentAsker m_ask;
    QString m_draftNote; // what the request being sent left out: tool drafts that do not parse
};

} // namespace tw::ui
