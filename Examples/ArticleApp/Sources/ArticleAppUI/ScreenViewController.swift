// One screen of the tree, in UIKit: the view controller the UIKit adapter shows for it. The
// article's screens have no views of their own (their modules build on Linux too), so the app
// draws each from the buttons ScreenAction lists.

#if os(iOS)
    public import ArticleApp
    public import CoreModule
    public import UIKit

    /// Shows one screen: its scene, its buttons, and the last error a button met.
    public final class ScreenViewController: UIViewController {
        private let screen: Screen
        private let session: ArticleSession
        private let buttons = UIStackView()
        private let failure = UILabel()

        /// A view controller for `screen`, whose buttons `session` lists.
        ///
        /// - Parameters:
        ///   - screen: A screen of the session's tree.
        ///   - session: The window's session.
        public init(screen: Screen, session: ArticleSession) {
            self.screen = screen
            self.session = session
            super.init(nibName: nil, bundle: nil)
            title = screen.scene.rawValue
        }

        /// Not used: the adapter makes every screen's view controller in code.
        public required init?(coder: NSCoder) { nil }

        /// Lays out the screen's name, its buttons and the error line.
        public override func viewDidLoad() {
            super.viewDidLoad()
            view.backgroundColor = .systemBackground
            let name = UILabel()
            name.text = "Screen \(screen.scene) \(screen.id)"
            name.font = .preferredFont(forTextStyle: .headline)
            failure.textColor = .systemRed
            failure.numberOfLines = 0
            buttons.axis = .vertical
            buttons.alignment = .leading
            buttons.spacing = 12
            buttons.translatesAutoresizingMaskIntoConstraints = false
            buttons.addArrangedSubview(name)
            for action in session.actions(for: screen) {
                let button = UIButton(
                    type: .system,
                    primaryAction: UIAction(title: action.title) { [weak self] _ in
                        self?.tap(action)
                    })
                buttons.addArrangedSubview(button)
            }
            buttons.addArrangedSubview(failure)
            view.addSubview(buttons)
            NSLayoutConstraint.activate([
                buttons.topAnchor.constraint(
                    equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 20),
                buttons.leadingAnchor.constraint(
                    equalTo: view.layoutMarginsGuide.leadingAnchor),
                buttons.trailingAnchor.constraint(
                    equalTo: view.layoutMarginsGuide.trailingAnchor),
            ])
        }

        private func tap(_ action: ScreenAction) {
            do throws(NavigationError) {
                try action.perform()
                failure.text = nil
            } catch {
                failure.text = error.description
            }
        }
    }
#endif
