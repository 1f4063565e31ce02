#include "controllers/requestactions.h"

#include "controllers/drafts.h"

#include "controllers/docks.h"
#include "controllers/sendcontroller.h"
#include "controllers/wirepreviewcontroller.h"
#include "shortcuts.h"
#include "util/strings.h"
#include "widgets/preseteditor.h"
#include "widgets/responseview.h"
#include "widgets/lazy.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QStyle>
#include <QWidget>

namespace tw::ui {

namespace {
constexpr int kNoteMs = 5000;
constexpr int kErrorMs = 15000;
} // namespace

RequestActions::RequestActions(SendController* send, WirePreviewController* preview, PresetEditor* presets, ResponseView* response, QWidget* window)
    : QObject(window), m_sender(send), m_preview(preview), m_presets(presets), m_response(response), m_window(window)
{
    m_send = new QAction(lazyStandardIcon(QStyle::SP_ArrowForward), tr("&Send"), window);
    m_send->setShortcuts(shortcuts::keys(shortcuts::Id::Send));
    m_send->setToolTip(tr("Send the current preset (%1)").arg(m_send->shortcut().toString(QKeySequence::NativeText)));
    m_cancel = new QAction(lazyStandardIcon(QStyle::SP_BrowserStop), tr("&Cancel"), window);
    m_cancel->setShortcuts(shortcuts::keys(shortcuts::Id::Cancel));
    m_cancel->setEnabled(false);
    m_curl = new QAction(tr("Copy as &curl"), window);
    m_raw = new QAction(tr("Copy as raw &HTTP"), window);
    connect(m_send, &QAction::triggered, this, &RequestActions::sendCurrent);
    connect(m_cancel, &QAction::triggered, m_sender, &SendController::cancel);
    connect(m_curl, &QAction::triggered, this, [this] { copyExport(true); });
    connect(m_raw, &QAction::triggered, this, [this] { copyExport(false); });

    // The inspector shows the request live; the last body sent is a diff target.
    connect(m_sender, &SendController::started, m_response, &ResponseView::beginLive);
    connect(m_sender, &SendController::started, this, [this](const provider::Exchange& x) {
        m_preview->setLastSent(x.requestBody);
        Q_EMIT sent();
    });
    connect(m_sender, &SendController::eventReceived, m_response, &ResponseView::appendEvent);
    connect(m_sender, &SendController::progressed, m_response, &ResponseView::showLiveCalls);
    connect(m_sender, &SendController::finished, this, [this](const provider::Exchange& x) {
        m_response->showExchange(x);
        Q_EMIT statusMessage(
            (x.error ? tr("Request failed: %1").arg(toQString(x.error->message)) : tr("Response received in %1 ms").arg(x.timing.totalMs)) +
                m_draftNote,
            m_draftNote.isEmpty() ? kNoteMs : kErrorMs);
    });
    connect(m_sender, &SendController::failed, this, [this](const QString& m) { Q_EMIT statusMessage(m, kErrorMs); });
    connect(m_sender, &SendController::consentNeeded, this, &RequestActions::onConsentNeeded);
    connect(m_sender, &SendController::busyChanged, this, [this](bool busy) {
        m_send->setEnabled(!busy);
        m_cancel->setEnabled(busy);
        if (busy)
            Q_EMIT statusMessage(tr("Sending…"), 0);
    });
}

void RequestActions::addTo(QMenu* menu) const
{
    menu->addAction(m_send);
    menu->addAction(m_cancel);
    menu->addSeparator();
    menu->addAction(m_curl);
    menu->addAction(m_raw);
}

void RequestActions::sendCurrent()
{
    if (m_sender->isBusy())
        return;
    // Messages being edited that do not parse: sending the last good ones instead would send
    // something the user does not see.
    if (const QString problem = m_presets->messagesProblem(); !problem.isEmpty()) {
        Q_EMIT statusMessage(tr("Not sent: %1").arg(problem), kErrorMs);
        if (auto* window = qobject_cast<QMainWindow*>(m_window))
            bringUpDock(window, QStringLiteral("RequestDock"));
        m_presets->showMessagesProblem();
        return;
    }
    // A tool draft that does not parse is not sent: the last good version is, as the wire
    // tabs show. Said with the result, or the response reads as the draft's (seen).
    const QStringList drafted = m_presets->drafts() ? m_presets->drafts()->toolDraftNames() : QStringList();
    m_draftNote =
        drafted.isEmpty() ? QString() : tr(" — sent the last good version of %1: the draft does not parse").arg(drafted.join(QStringLiteral(", ")));
    m_sender->send(m_presets->currentPreset());
}

void RequestActions::onConsentNeeded(int presetIndex, const provider::KeyDestination& where)
{
    const Consent answer = m_ask ? m_ask(where) : askConsent(where);
    const QString what = toQString(where.sourceText());
    const QString origin = toQString(where.origin);
    switch (answer) {
    case Consent::Cancel: Q_EMIT statusMessage(tr("Not sent: %1 was not allowed to go to %2").arg(what, origin), kErrorMs); return;
    case Consent::Once: m_sender->send(presetIndex, true); return;
    case Consent::Always:
        if (auto remembered = m_sender->allowAlways(where); !remembered) {
            Q_EMIT statusMessage(tr("Not sent: %1").arg(toQString(remembered.error().message)), kErrorMs);
            return;
        }
        m_presets->refreshKeySource(); // the dock says it is allowed now
        m_sender->send(presetIndex);
        return;
    }
}

RequestActions::Consent RequestActions::askConsent(const provider::KeyDestination& where) const
{
    const QString what = toQString(where.sourceText());
    const QString origin = toQString(where.origin);
    QMessageBox box(QMessageBox::Warning, tr("Send the key?"), tr("Send %1 to %2?").arg(what, origin), QMessageBox::NoButton, m_window);
    box.setInformativeText(tr("The project %1 has profile \"%2\" send %3 to %4, which is not a host that key belongs to. "
                              "Toolwire sends a key only where you allow it; nothing has been sent yet.")
                               .arg(where.project.empty() ? tr("(unsaved)") : toQString(where.project), toQString(where.profileId), what, origin));
    QPushButton* once = box.addButton(tr("Allow once"), QMessageBox::AcceptRole);
    QPushButton* always = box.addButton(tr("Always for this project"), QMessageBox::YesRole);
    always->setEnabled(!where.project.empty()); // an unsaved project has no path to remember
    always->setToolTip(tr("Remembered outside the project; an edit of the profile asks again"));
    QPushButton* cancel = box.addButton(QMessageBox::Cancel);
    box.setDefaultButton(cancel);
    box.exec();
    if (box.clickedButton() == once)
        return Consent::Once;
    if (box.clickedButton() == always)
        return Consent::Always;
    return Consent::Cancel;
}

void RequestActions::copyExport(bool curl)
{
    using Format = WirePreviewController::ExportFormat;
    auto text = m_preview->exportRequest(curl ? Format::Curl : Format::RawHttp);
    if (!text) {
        if (!text.error().isEmpty())
            Q_EMIT statusMessage(text.error(), kErrorMs);
        return;
    }
    QApplication::clipboard()->setText(toQString(*text));
    Q_EMIT statusMessage(curl ? tr("Copied the request as a curl command") : tr("Copied the request as raw HTTP"), kNoteMs);
}

} // namespace tw::ui
